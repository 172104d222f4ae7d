import { adminTypeBadge } from "~/features/shop/product-labels";
import type { ProductFields } from "~/features/shop/product-view";
import { toProductFields } from "~/features/shop/to-product-view.server";
import type { Product } from "~/lib/db/schema.server";

export type AdminProduct = ProductFields & {
  badge: string;
  video_url: string | null;
  /** Names for the form's file lines; the storage keys themselves stay on the server. */
  main_file: string | null;
  attachments: string[];
  /** Paid purchases that include it. */
  sales: number;
  /** Any purchase refers to it, so deleting archives it instead. */
  has_buyers: boolean;
};

/** The file name a storage key shows as: `pdfs/1732-guide.pdf` → `guide.pdf`. */
const shownName = (key: string) =>
  key
    .split("/")
    .pop()
    ?.replace(/^(\d+-|seed-)/, "") ?? key;

export function toAdminProduct(product: Product, sales = 0, references = 0): AdminProduct {
  return {
    ...toProductFields(product),
    badge: adminTypeBadge(product.productType),
    video_url: product.videoUrl,
    main_file: product.downloadUrl ? shownName(product.downloadUrl) : null,
    attachments: product.pdfAttachments.map(shownName),
    sales,
    has_buyers: references > 0,
  };
}

import type { ProductFields } from "~/features/catalogue/product-view";
import { toProductFields } from "~/features/catalogue/to-product-view.server";
import type { Product } from "~/lib/db/schema.server";

/** Spec §2 admin card badge: 'PDF Guide', else 'Video Course'; audio and the plan say what they are. */
export function adminTypeBadge(productType: string): string {
  if (productType === "digital_guide") return "PDF Guide";
  if (productType === "audio") return "Audio";
  if (productType === "subscription") return "Membership";
  return "Video Course";
}

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

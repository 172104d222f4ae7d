import type { Product } from "~/lib/db/schema.server";
import { mediaTypeOf } from "./model";
import type { ProductFields, ProductView } from "./product-view";

/** The shown fields of a product, shared by the shop's view and the admin's. */
export function toProductFields(product: Product): ProductFields {
  return {
    id: product.id,
    title: product.title,
    short_description: product.shortDescription,
    description: product.description,
    category: product.category,
    product_type: product.productType,
    price_cents: product.priceCents,
    duration_minutes: product.durationMinutes,
    image_url: product.imageUrl,
    features: product.features,
    is_featured: product.isFeatured,
    sort_order: product.sortOrder,
  };
}

export function toProductView(product: Product): ProductView {
  return {
    ...toProductFields(product),
    has_download: Boolean(product.downloadUrl),
    attachment_count: product.pdfAttachments.length,
    is_audio_file: mediaTypeOf(product.downloadUrl)?.family === "audio",
    is_video_file: mediaTypeOf(product.downloadUrl)?.family === "video",
  };
}

import type { Product } from "~/lib/db/schema.server";
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
    is_audio_file: /\.(wav|mp3|m4a|ogg|oga|flac|aac)$/i.test(product.downloadUrl ?? ""),
    is_video_file: /\.(mp4|webm)$/i.test(product.downloadUrl ?? ""),
  };
}

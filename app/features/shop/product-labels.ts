/** Badge and button wording of spec §2, from a product's type and price. */
import { isGuide } from "./model";

type Labelled = { id: string; product_type: string; price_cents: number };

/** The shop's card badge: 'PDF Guide', else 'Video + PDF'; audio and the plan say what they are. */
export function typeBadge(productType: string): string {
  if (productType === "digital_guide") return "PDF Guide";
  if (productType === "audio") return "Audio";
  if (productType === "subscription") return "Membership";
  return "Video + PDF";
}

/** The admin card's badge: 'PDF Guide', else 'Video Course'; audio and the plan say what they are. */
export function adminTypeBadge(productType: string): string {
  return productType === "video_course" ? "Video Course" : typeBadge(productType);
}

export function buyLabel(product: Labelled): string {
  const guide = isGuide(product.product_type);
  if (product.price_cents === 0) return guide ? "Download Free" : "Access Free";
  return guide ? "Get Guide" : "Get Course";
}

export function categories(category: string | null | undefined): string[] {
  return (category ?? "")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
}

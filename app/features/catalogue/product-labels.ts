/** Badge and button wording of spec §2, from a product's type and price. */

export const SUBSCRIPTION_ID = "subscription";
export const MEMBERSHIP_TIER = "Digital Access";

type Labelled = { id: string; product_type: string; price_cents: number };

export function typeBadge(productType: string): string {
  if (productType === "digital_guide") return "PDF Guide";
  if (productType === "audio") return "Audio";
  if (productType === "subscription") return "Membership";
  return "Video + PDF";
}

export function isGuide(productType: string): boolean {
  return productType === "digital_guide";
}

/** Spec §6: a Digital Access member downloads any digital guide free, so it is never charged to them. */
export function includedInMembership(productType: string, member: boolean): boolean {
  return member && isGuide(productType);
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

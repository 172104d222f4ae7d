import { productIdSchema } from "~/features/catalogue/product-id";
import { z } from "~/lib/zod";

/** UK Consumer Contracts Regulations 2013, reg. 37: the buyer's express request and acknowledgement. */
export const CONSENT_WORDING =
  "I want immediate access to this digital content and I understand that I lose my 14-day right to cancel once the download starts";

const sanitise = (value: string) => value.replace(/[<>\0]/g, "");

/** Spec §5 product check before checkout: run in the browser and again on the server. */
export const checkoutProductSchema = z.object({
  id: productIdSchema,
  title: z
    .string()
    .max(500)
    .refine((title) => sanitise(title) === title),
  price_cents: z.number().min(0).max(1_000_000),
  product_type: z.string().min(1),
  quantity: z.literal(1).optional(),
});
export type CheckoutProduct = z.infer<typeof checkoutProductSchema>;

export const checkoutRequestSchema = z.object({
  products: z.array(z.unknown()).min(1).max(50),
  consent: z.literal(true, { error: "Please confirm you want immediate access to the digital content." }),
});

/** True when every product passes the §5 check. */
export function productsLookValid(products: unknown[]): boolean {
  return products.every((p) => checkoutProductSchema.safeParse(p).success);
}

/** Spec §5 Payment URL: only the configured provider's checkout host is accepted. */
export function isAllowedCheckoutUrl(url: string, allowedHosts: readonly string[], currentOrigin: string): boolean {
  try {
    const parsed = new URL(url, currentOrigin);
    if (!allowedHosts.includes(parsed.host)) return false;
    return parsed.protocol === "https:" || parsed.origin === currentOrigin;
  } catch {
    return false;
  }
}

import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { LIMITS } from "./model";

/**
 * The shop's facts as schemas, for the edges: a product id in a route or a request, and a checkout
 * line. Apart from model.ts, which every shop page loads in the browser, so that zod loads only
 * where something is parsed (issue 12, item 4).
 */

/** A product id as the browser may send it (spec §5: a string of at most 100 characters). */
export const productIdSchema = z
  .string()
  .min(1)
  .max(100)
  // PostgreSQL can neither store nor compare a null character: it must never reach a query.
  .refine((id) => !id.includes("\0"), "Invalid product id");

/** Spec §5 product check before checkout: run in the browser and again on the server. */
export const checkoutProductSchema = z.object({
  id: productIdSchema,
  title: z
    .string()
    .max(LIMITS.productTitleLength)
    .refine((title) => sanitiseText(title) === title),
  price_cents: z.number().min(0).max(LIMITS.maxPriceCents),
  product_type: z.string().min(1),
  quantity: z.literal(1).optional(),
});
export type CheckoutProduct = z.infer<typeof checkoutProductSchema>;

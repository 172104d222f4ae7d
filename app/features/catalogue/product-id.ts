import { z } from "~/lib/zod";

/**
 * A product id as the browser may send it (spec §5: a string of at most 100 characters). Null
 * characters are refused here: PostgreSQL cannot store or compare them, so they must never reach
 * a query.
 */
export const productIdSchema = z
  .string()
  .min(1)
  .max(100)
  .refine((id) => !id.includes("\0"), "Invalid product id");

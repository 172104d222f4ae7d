import { AppError } from "~/lib/app-error";
import { z } from "~/lib/zod";
import { discountMessages, looksLikeCode, normaliseCode } from "./discount/price-discount";
import { checkoutMessages, LIMITS, shopMessages } from "./model";
import { type CheckoutProduct, checkoutProductSchema } from "./schemas";

const checkoutRequestSchema = z.object({
  products: z.array(z.unknown()).min(1).max(LIMITS.maxCheckoutLines),
  consent: z.literal(true, { error: checkoutMessages.consentMissing }),
  /** Only the code's text: what it takes off is decided by the server (decision 033). */
  discountCode: z.string().max(200).optional(),
});

export type CheckoutRequest = { products: CheckoutProduct[]; consent: true; discountCode?: string | undefined };

/**
 * POST /checkout's body: the products the buyer saw (each passing the spec §5 check) and their
 * consent to immediate access. Only the ids are believed; titles and prices come from the database.
 */
export function parseCheckoutRequest(body: unknown): CheckoutRequest {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    const consentMissing = parsed.error.issues.some((issue) => issue.path[0] === "consent");
    throw new AppError(
      "invalid_request",
      consentMissing ? checkoutMessages.consentMissing : checkoutMessages.invalidRequest,
      shopMessages.paymentError.title,
    );
  }
  if (!productsLookValid(parsed.data.products)) throw new AppError("security_error", shopMessages.securityError);
  return {
    products: parsed.data.products as CheckoutProduct[],
    consent: true,
    discountCode: parseDiscountCode(parsed.data.discountCode),
  };
}

/** The code the buyer typed (blank: none); text that cannot be a code is refused with the reason. */
export function parseDiscountCode(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string")
    throw new AppError("discount_refused", discountMessages.invalid, discountMessages.title);
  if (value.trim() === "") return undefined;
  if (!looksLikeCode(value)) throw new AppError("discount_refused", discountMessages.invalid, discountMessages.title);
  return normaliseCode(value);
}

/** True when every product passes the §5 check. */
export function productsLookValid(products: unknown[]): boolean {
  return products.every((p) => checkoutProductSchema.safeParse(p).success);
}

/**
 * Spec §5 Payment URL: only the configured provider's checkout host (over https) is accepted, or this very
 * site (the demo provider's page), whatever name the visitor reached it by.
 */
export function isAllowedCheckoutUrl(url: string, allowedHosts: readonly string[], currentOrigin: string): boolean {
  try {
    const parsed = new URL(url, currentOrigin);
    if (parsed.origin === currentOrigin) return true;
    return parsed.protocol === "https:" && allowedHosts.includes(parsed.host);
  } catch {
    return false;
  }
}

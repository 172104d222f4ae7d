import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { limitGuesses } from "~/features/accounts/limit-guesses.server";
import { parseDiscountCode } from "~/features/shop/checkout-schemas";
import { previewDiscount } from "~/features/shop/discount/preview-discount.server";
import { discountMessages } from "~/features/shop/discount/price-discount";
import { LIMITS } from "~/features/shop/model";
import { productIdSchema } from "~/features/shop/schemas";
import { codeGuesses } from "~/features/shop/voucher/reserve-voucher.server";
import { AppError, answerJson, errorResponse } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import { z } from "~/lib/zod";
import type { Route } from "./+types/checkout-discount";

const previewSchema = z.object({
  code: z.string().max(200),
  productIds: z.array(productIdSchema).min(1).max(LIMITS.maxCheckoutLines),
});

/**
 * POST /checkout/discount (JSON { code, productIds }): what the code would take off, for the dialog
 * and the cart to show; answers { code, subtotalCents, discountCents, totalCents } or the error shape.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return answerJson(async () => {
    if (!request.headers.get("content-type")?.includes("application/json")) {
      throw new AppError("unsupported_media_type", "Expected a JSON body", discountMessages.title);
    }
    const parsed = previewSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) throw new AppError("invalid_request", discountMessages.invalid, discountMessages.title);
    const code = parseDiscountCode(parsed.data.code);
    if (!code) throw new AppError("discount_refused", discountMessages.invalid, discountMessages.title);
    const account = await getSessionUser(request, services);
    return limitGuesses(services, codeGuesses(code, context.get(requestContext).clientIp), () =>
      previewDiscount(services, account, { productIds: parsed.data.productIds, code }),
    );
  });
}

export function loader() {
  return errorResponse(new AppError("not_found", "Not found", "Not found"));
}

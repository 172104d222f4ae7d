import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { limitGuesses } from "~/features/accounts/limit-guesses.server";
import { parseCheckoutRequest } from "~/features/shop/checkout-schemas";
import { createCheckout } from "~/features/shop/create-checkout.server";
import { shopMessages } from "~/features/shop/model";
import { codeGuesses } from "~/features/shop/voucher/reserve-voucher.server";
import { AppError, answerJson, errorResponse } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import { flashOptions, setFlash } from "~/lib/flash.server";
import type { Route } from "./+types/checkout";

/** POST /checkout (JSON): starts a checkout; answers { url, mode }, or the error shape with a 4xx. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return answerJson(async () => {
    const account = await getSessionUser(request, services);
    if (!account) throw new AppError("not_signed_in", shopMessages.loginRequired);
    if (!request.headers.get("content-type")?.includes("application/json")) {
      throw new AppError("unsupported_media_type", "Expected a JSON body", shopMessages.paymentError.title);
    }
    const { products, discountCode } = parseCheckoutRequest(await request.json().catch(() => undefined));
    const start = () =>
      createCheckout(services, account, {
        productIds: products.map((p) => p.id),
        seenPrices: new Map(products.map((p) => [p.id, p.price_cents])),
        discountCode,
      });
    const started = discountCode
      ? await limitGuesses(services, codeGuesses(discountCode, context.get(requestContext).clientIp), start)
      : await start();
    // A gift voucher paid it all: nothing to pay, so no payment page; My Sacred Downloads, where
    // the browser goes next, thanks her for it (its total says what the voucher paid).
    if (started.paidByVoucher) {
      const thanks = {
        title: "Thank You for Your Purchase",
        description: "Paid by your gift voucher. Your downloads are below.",
        variant: "default",
      } as const;
      return Response.json(started, { headers: { "Set-Cookie": await setFlash(thanks, flashOptions(services.env)) } });
    }
    return started;
  });
}

export function loader() {
  return errorResponse(new AppError("not_found", "Not found", "Not found"));
}

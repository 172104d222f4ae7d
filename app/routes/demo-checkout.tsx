import { data, Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { cancelDemoCheckout } from "~/features/shop/demo/cancel-demo-checkout.server";
import { getDemoCheckout } from "~/features/shop/demo/get-demo-checkout.server";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import { AppError, errorData } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { formatAmount, formatPrice } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/demo-checkout";

/** A demo checkout's id is our purchase id; anything else names no checkout. */
function checkoutIdOf(params: { checkoutId: string }): string {
  const parsed = z.uuid().safeParse(params.checkoutId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

const intentSchema = z.enum(["pay", "cancel"]);

/** Where a paid checkout lands, as Stripe's return does: its session, its gift voucher, or the thank-you page. */
const paidAddress = (checkout: { id: string; bookingId: string | null; sellsVoucher: boolean }) =>
  checkout.bookingId
    ? `/my-sessions/${checkout.bookingId}?session_id=${checkout.id}`
    : checkout.sellsVoucher
      ? `/gift-vouchers/bought?session_id=${checkout.id}`
      : `/checkout/success?session_id=${checkout.id}`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const checkout = await getDemoCheckout(services, account.id, checkoutIdOf(params));
  if (!checkout) throw data(null, { status: 404 });
  if (checkout.status === "paid") {
    throw redirect(paidAddress(checkout));
  }
  return { checkout };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const checkoutId = checkoutIdOf(params);
  const intent = intentSchema.safeParse((await readForm(request)).get("intent"));
  if (!intent.success) return errorData(new AppError("invalid_request", "Unknown action"), services.logger);
  if (intent.data === "pay") {
    try {
      const paid = await payDemoCheckout(services, account.id, checkoutId);
      if (!paid) throw data(null, { status: 404 });
      return redirect(paidAddress(paid));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const cookie = await setFlash(
        { title: error.title, description: error.message, variant: "destructive" },
        flashOptions(services.env),
      );
      return redirect("/products", { headers: { "Set-Cookie": cookie } });
    }
  }
  const checkout = await getDemoCheckout(services, account.id, checkoutId);
  await cancelDemoCheckout(services, account.id, checkoutId);
  const cookie = await setFlash(
    { title: "Payment cancelled", description: "No payment was taken.", variant: "default" },
    flashOptions(services.env),
  );
  const back = checkout?.bookingId ? "/my-sessions" : checkout?.sellsVoucher ? "/gift-vouchers" : "/products";
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}

export const meta: Route.MetaFunction = () => [
  { title: "Demo checkout | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export default function DemoCheckout({ loaderData }: Route.ComponentProps) {
  const { checkout } = loaderData;
  const busy = useNavigation().state !== "idle";
  const closed = checkout.status !== "pending" && checkout.status !== "failed";
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <div
        role="note"
        className="rounded-xl border-2 border-dashed border-gold-500 bg-gold-300/30 p-4 text-center font-semibold text-plum-900"
      >
        Demo mode: no real payment is taken
      </div>
      <div className={cardClass("mt-6 p-6")}>
        <h1 className="text-3xl">{checkout.isSubscription ? "Subscribe to Digital Access" : "Checkout"}</h1>
        <ul className="mt-4 divide-y divide-plum-100">
          {checkout.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-3">
              <span>{item.title}</span>
              <span>
                {formatPrice(item.priceCents)}
                {checkout.isSubscription ? " / month" : ""}
              </span>
            </li>
          ))}
          {checkout.discount ? (
            <li className="flex justify-between gap-4 py-3 text-green-900">
              <span>Discount ({checkout.discount.code})</span>
              <span data-testid="demo-discount">−{formatAmount(checkout.discount.amountCents)}</span>
            </li>
          ) : null}
          {checkout.voucherCents > 0 ? (
            <li className="flex justify-between gap-4 py-3 text-green-900">
              <span>Gift voucher</span>
              <span data-testid="demo-voucher">−{formatAmount(checkout.voucherCents)}</span>
            </li>
          ) : null}
        </ul>
        <p className="mt-4 flex justify-between border-t border-plum-100 pt-4 text-lg font-semibold text-plum-900">
          <span>Total</span>
          <span data-testid="demo-total">{formatAmount(checkout.totalCents)}</span>
        </p>
        {closed ? (
          <p className="mt-6 text-muted">
            {/* Paid, then given back (a cancelled session, a refunded order): "nothing was charged" was untrue. */}
            {checkout.status === "refunded"
              ? "This checkout was paid, and the payment has since been refunded."
              : "This checkout has closed. Nothing was charged."}
          </p>
        ) : (
          <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
            <button type="submit" name="intent" value="cancel" className={buttonClass("secondary")} disabled={busy}>
              Cancel
            </button>
            <button type="submit" name="intent" value="pay" className={buttonClass("primary")} disabled={busy}>
              Pay {formatAmount(checkout.totalCents)}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

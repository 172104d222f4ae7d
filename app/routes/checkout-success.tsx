import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { confirmCheckout } from "~/features/shop/confirm-checkout.server";
import { useRemoveOwned } from "~/features/shop/ui/cart-provider";
import { servicesContext } from "~/lib/context";
import { formatAmount } from "~/lib/format-price";
import type { Route } from "./+types/checkout-success";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const ref = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!ref || ref.length > 255) throw data(null, { status: 404 });
  const result = await confirmCheckout(services, account.id, ref);
  if (!result) throw data(null, { status: 404 });
  return { result };
}

export const meta: Route.MetaFunction = () => [
  { title: "Thank you | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const paid = result.status === "paid";
  useRemoveOwned(paid ? result.productIds : []);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {paid ? (
        <>
          <h1 className="text-4xl">Thank You for Your Purchase</h1>
          <p className="mt-4 text-lg text-muted">
            Payment of {formatAmount(result.totalCents)} received. A receipt is on its way to your inbox.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-4xl">Confirming Your Payment</h1>
          <p className="mt-4 text-lg text-muted">
            Your payment is being confirmed. Your downloads will appear in My Sacred Downloads in a moment.
          </p>
        </>
      )}
      <Link to="/my-purchases" className={buttonClass("primary", "mt-8")}>
        Go to My Sacred Downloads
      </Link>
    </section>
  );
}

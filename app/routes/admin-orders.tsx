import { data } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import type { ToastInput } from "~/components/ui/toast";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { ConfirmActionDialog } from "~/features/admin/confirm-action-dialog";
import { backToList } from "~/features/admin/read-page";
import { requireAdminList } from "~/features/admin/require-admin-list.server";
import { getPaymentProvider } from "~/features/shop/get-payment-provider.server";
import { listOrders } from "~/features/shop/list-orders.server";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { pageCount } from "~/lib/pagination";
import { readForm } from "~/lib/read-form.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-orders";

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { page } = await requireAdminList(request, services);
  const list = await listOrders(services.database.db, { page, provider: getPaymentProvider(services).name });
  return {
    ...list,
    orders: list.orders.map((order) => ({ ...order, date: formatLongDate(order.createdAt) })),
    page,
    pages: pageCount(list.total, list.pageSize),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const form = await readForm(request);
  const fail = (status: number, description: string) =>
    data({ toast: { title: "Refund Error", description, variant: "destructive" } satisfies ToastInput }, { status });
  if (form.get("intent") !== "refund") return fail(400, "Unknown action.");
  // Purchase ids are UUIDs; anything else names no purchase (and never reaches a query).
  const parsedId = z.uuid().safeParse(form.get("id"));
  if (!parsedId.success) return fail(404, "This purchase does not exist.");
  const id = parsedId.data;
  try {
    const { totalCents } = await refundPurchase(services, id);
    return redirectWithToast(
      backToList("/admin/orders", request),
      {
        title: "Refunded",
        description: `Order #${id.slice(0, 8)}: ${formatAmount(totalCents)} refunded, and the buyer's access ended.`,
        variant: "default",
      },
      services.env,
    );
  } catch (error) {
    if (error instanceof AppError) return fail(error.status, error.message);
    services.logger.error({ err: error, purchaseId: id }, "refund failed");
    return fail(500, "The refund could not be made. Please try again.");
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, takings, page, pages } = loaderData;
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Orders</h1>
        <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
          {[
            ["This month", formatAmount(takings.thisMonth)],
            ["All time", formatAmount(takings.allTime)],
            ["Orders", String(total)],
          ].map(([label, value]) => (
            <div key={label} className="card p-3 sm:p-5">
              <dt className="text-xs text-muted sm:text-sm">{label}</dt>
              <dd className="mt-1 font-serif text-xl text-plum-900 sm:text-3xl">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted">Takings are paid orders; refunded ones are left out.</p>

        {orders.length === 0 ? (
          <p className="card mt-8 p-8 text-center text-muted">No orders yet.</p>
        ) : (
          <ol className="mt-8 space-y-4" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id} className="card p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-sans text-lg font-semibold">
                      {`Order #${order.id.slice(0, 8)}`}{" "}
                      {order.status === "refunded" ? (
                        <span className="ml-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                          Refunded
                        </span>
                      ) : null}
                    </h2>
                    <p className="text-sm text-muted">
                      {order.date} · <span className="break-all">{order.email}</span>
                    </p>
                  </div>
                  <p className="font-serif text-2xl text-plum-900">{formatAmount(order.totalCents)}</p>
                </div>
                <p className="mt-2 text-sm">{order.products.join(", ")}</p>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                  <p className="min-w-0 text-xs break-all text-muted">
                    {order.provider === "free"
                      ? "Free claim"
                      : `${order.provider}: ${order.paymentRef ?? order.providerRef}`}
                  </p>
                  {order.refundable ? (
                    <ConfirmActionDialog
                      trigger="Refund"
                      triggerLabel={`Refund order #${order.id.slice(0, 8)}`}
                      triggerClassName="btn-outline"
                      title={`Refund order #${order.id.slice(0, 8)}?`}
                      description={`${formatAmount(order.totalCents)} goes back to ${order.email}, and their access to what this order bought ends at once.`}
                      confirm={`Refund ${formatAmount(order.totalCents)}`}
                      busy="Refunding..."
                      fields={{ intent: "refund", id: order.id }}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
        <Pagination path="/admin/orders" page={page} pageCount={pages} label="Order pages" />
      </div>
    </>
  );
}

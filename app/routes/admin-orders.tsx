import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { ConfirmActionDialog } from "~/features/admin/confirm-action-dialog";
import { GrantForm, inputClass, ResendReceipt } from "~/features/admin/order-forms";
import { backToList } from "~/features/admin/read-page";
import { requireAdminList } from "~/features/admin/require-admin-list.server";
import { getPaymentProvider } from "~/features/shop/get-payment-provider.server";
import { grantProduct, listGrantableProducts } from "~/features/shop/grant-product.server";
import { listOrders, weeklySales } from "~/features/shop/list-orders.server";
import { GRANT_NOTE_MAX } from "~/features/shop/model";
import { CHART_HEIGHT, CHART_WIDTH, orderFilterQuery, readOrderFilter } from "~/features/shop/order-filter";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { sendReceipt } from "~/features/shop/send-receipt.server";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { pageCount } from "~/lib/pagination";
import { refundRoute } from "~/lib/refund-split";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-orders";

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { page, url } = await requireAdminList(request, services);
  const read = readOrderFilter(url.searchParams);
  if (!read.ok) throw data(read.message, { status: 400 });
  const { filter } = read;
  const { db } = services.database;
  const [list, weeks, grantable] = await Promise.all([
    listOrders(db, { page, provider: getPaymentProvider(services).name, filter }),
    weeklySales(db, filter),
    listGrantableProducts(db),
  ]);
  const query = orderFilterQuery(filter);
  const chartTotal = weeks.reduce((sum, w) => sum + w.cents, 0);
  return {
    ...list,
    orders: list.orders.map((order) => ({ ...order, date: formatLongDate(order.createdAt) })),
    filter,
    query,
    chartAlt: `Sales by week: ${formatAmount(chartTotal)} over the ${weeks.length} weeks from ${formatLongDate(`${weeks[0]?.week}T12:00:00Z`)}; best week ${formatAmount(Math.max(0, ...weeks.map((w) => w.cents)))}.`,
    grantable,
    page,
    pages: pageCount(list.total, list.pageSize),
  };
}

const purchaseId = reference(z.uuid(), "This purchase does not exist.");

/** The owner's three actions on her orders (decision 042): give a product, resend a receipt, refund. */
const intents = {
  grant: intent({
    title: "Grant Error",
    schema: z.object({
      email: z.email("Enter the customer's e-mail address.").max(254),
      productId: z.string().min(1, "Choose a product.").max(100),
      note: z
        .string()
        .trim()
        .min(1, "Write a note: why this product is given.")
        .max(GRANT_NOTE_MAX, `A note is at most ${GRANT_NOTE_MAX} characters.`),
    }),
    handler: async (input, { services }) => {
      const granted = await grantProduct(services, input);
      return {
        redirectTo: `/admin/orders?q=${encodeURIComponent(granted.email)}`,
        toast: { title: "Product given", description: `${granted.title} is now in ${granted.email}'s downloads.` },
      };
    },
  }),
  resend: intent({
    title: "Receipt Error",
    schema: z.object({ id: purchaseId }),
    handler: async ({ id }, { services }) => {
      const sent = await sendReceipt(services, id);
      if (sent === "missing") throw new AppError("not_found", "This purchase does not exist.");
      if (sent === "closed") {
        throw new AppError("conflict", "This client has closed their account: there is no address to send it to.");
      }
      if (sent === "failed") throw new AppError("provider_failed", "The receipt could not be sent. Please try again.");
      return {
        toast: { title: "Receipt sent", description: `The receipt for order #${id.slice(0, 8)} is on its way.` },
      };
    },
  }),
  refund: intent({
    title: "Refund Error",
    unexpected: "The refund could not be made. Please try again.",
    schema: z.object({ id: purchaseId }),
    handler: async ({ id }, { services, request }) => {
      const { totalCents } = await refundPurchase(services, id);
      return {
        redirectTo: backToList("/admin/orders", request),
        toast: {
          title: "Refunded",
          description: `Order #${id.slice(0, 8)}: ${formatAmount(totalCents)} refunded, and the buyer's access ended.`,
        },
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, { guard: requireAdmin, refusedTitle: "Refund Error" });

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, totals, filter, query, chartAlt, grantable, page, pages } = loaderData;
  const suffix = query ? `?${query}` : "";
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Orders</h1>

        <Form
          method="get"
          className={cardClass("mt-6 grid gap-3 p-4 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end")}
          aria-label="Find orders"
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            Client, product or order
            <input
              name="q"
              type="search"
              defaultValue={filter.q}
              maxLength={200}
              className={inputClass}
              placeholder="Name, e-mail, product, session or #3f2a9c1e"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Status
            <select name="status" defaultValue={filter.status} className={inputClass}>
              <option value="all">All</option>
              <option value="paid">Paid</option>
              <option value="refunded">Refunded</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            From
            <input name="from" type="date" defaultValue={filter.from ?? ""} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            To
            <input name="to" type="date" defaultValue={filter.to ?? ""} className={inputClass} />
          </label>
          <div className="flex gap-2">
            <button type="submit" className={buttonClass("primary")}>
              Filter
            </button>
            {query ? (
              <Link to="/admin/orders" className={buttonClass("secondary")}>
                Clear
              </Link>
            ) : null}
          </div>
        </Form>

        <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-4">
          {[
            ["Orders", String(total)],
            ["Paid", formatAmount(totals.gross)],
            ["Refunded", formatAmount(totals.refunded)],
            ["Takings", formatAmount(totals.net)],
          ].map(([label, value]) => (
            <div key={label} className={cardClass("p-3 sm:p-5")}>
              <dt className="text-xs text-muted sm:text-sm">{label}</dt>
              <dd
                className="mt-1 font-serif text-xl text-plum-900 sm:text-3xl"
                data-testid={`total-${label?.toLowerCase()}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted">
          Totals are of the orders shown by the filter: paid is what they took after discounts
          {totals.discount > 0 ? ` (${formatAmount(totals.discount)} off with codes)` : ""}, takings what you kept after
          every refund, partial ones included.
        </p>

        <figure className={cardClass("mt-6 p-4")}>
          <figcaption className="mb-2 font-sans text-sm font-semibold">Sales by week</figcaption>
          {/* Drawn for the width it is shown at, so its dates and amounts read at a phone's size too. */}
          <picture>
            <source
              media="(max-width: 639px)"
              srcSet={`/admin/orders/chart.svg${suffix ? `${suffix}&` : "?"}size=narrow`}
              width={CHART_WIDTH.narrow}
              height={CHART_HEIGHT}
            />
            <img
              src={`/admin/orders/chart.svg${suffix}`}
              alt={chartAlt}
              width={CHART_WIDTH.wide}
              height={CHART_HEIGHT}
              className="h-auto w-full"
            />
          </picture>
        </figure>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-sans text-lg font-semibold">{total === 1 ? "1 order" : `${total} orders`}</h2>
          <div className="flex flex-wrap gap-2">
            <a href={`/admin/orders/export.csv${suffix}`} className={buttonClass("secondary")} download>
              Export CSV
            </a>
            <a
              href={`/admin/orders/export.csv?${query ? `${query}&` : ""}rows=lines`}
              className={buttonClass("secondary")}
              download
            >
              Export lines CSV
            </a>
          </div>
        </div>

        {orders.length === 0 ? (
          <p className={cardClass("mt-4 p-8 text-center text-muted")}>
            {query ? "No orders match this filter." : "No orders yet."}
          </p>
        ) : (
          <ol className="mt-4 space-y-4" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id} className={cardClass("p-5")}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-sans text-lg font-semibold">
                      {`Order #${order.id.slice(0, 8)}`}{" "}
                      {order.status === "refunded" ? (
                        <span className="ml-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                          Refunded
                        </span>
                      ) : order.refundedCents > 0 ? (
                        <span className="ml-1 rounded-full bg-gold-300/40 px-2.5 py-0.5 text-xs font-semibold text-plum-900">
                          Part refunded
                        </span>
                      ) : null}
                    </h3>
                    <p className="text-sm text-muted">
                      {order.date} · {order.name ? `${order.name} · ` : ""}
                      <span className="break-all">{order.email}</span>
                    </p>
                  </div>
                  <p className="text-right">
                    <span className="block font-serif text-2xl text-plum-900">{formatAmount(order.netCents)}</span>
                    {order.refundedCents > 0 ? (
                      <span className="block text-xs text-muted">
                        {`${formatAmount(order.totalCents)} paid, ${formatAmount(order.refundedCents)} refunded`}
                      </span>
                    ) : null}
                  </p>
                </div>
                <ul className="mt-2 space-y-1 text-sm" aria-label={`Items of order #${order.id.slice(0, 8)}`}>
                  {order.lines.map((line) => (
                    <li key={line.id} className="flex flex-wrap justify-between gap-x-3">
                      <span className="min-w-0">{line.title}</span>
                      <span className="text-muted">
                        {formatAmount(line.amountCents)}
                        {line.refundedCents > 0 ? ` (${formatAmount(line.refundedCents)} refunded)` : ""}
                      </span>
                    </li>
                  ))}
                </ul>
                {order.note ? <p className="mt-1 text-sm text-muted">{`Given by hand: ${order.note}`}</p> : null}
                {order.discountCode ? (
                  <p className="mt-1 text-sm text-muted">
                    {`Discount code ${order.discountCode}: −${formatAmount(order.discountCents)}`}
                  </p>
                ) : null}
                {order.voucherCents > 0 ? (
                  <p className="mt-1 text-sm text-muted">
                    {`Paid by gift voucher: ${formatAmount(order.voucherCents)} (taken when the voucher was sold)`}
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                  <p className="min-w-0 text-xs break-all text-muted">
                    {order.provider === "free"
                      ? order.note
                        ? "No payment: given by hand"
                        : "Free claim"
                      : `${order.provider}: ${order.paymentRef ?? order.providerRef}`}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {order.status === "paid" && !order.closedAccount ? <ResendReceipt id={order.id} /> : null}
                    {order.refundable ? (
                      <ConfirmActionDialog
                        trigger="Refund"
                        triggerLabel={`Refund order #${order.id.slice(0, 8)}`}
                        triggerClassName={buttonClass("secondary")}
                        title={`Refund order #${order.id.slice(0, 8)}?`}
                        description={`${formatAmount(order.refundCents)} goes back to ${order.email}${refundRoute(order.refundCents, order.refundToVoucherCents)}, and their access to what this order bought ends at once.`}
                        confirm={`Refund ${formatAmount(order.refundCents)}`}
                        busy="Refunding..."
                        fields={{ intent: "refund", id: order.id }}
                      />
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Pagination path={`/admin/orders${suffix}`} page={page} pageCount={pages} label="Order pages" />

        <GrantForm products={grantable} />
      </div>
    </>
  );
}

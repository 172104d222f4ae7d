import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { exportOrders } from "~/features/shop/list-orders.server";
import { orderLinesCsv, ordersCsv, readOrderFilter, ukDay } from "~/features/shop/order-filter";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/admin-orders-export";

/**
 * GET /admin/orders/export.csv?q=&status=&from=&to=: exactly the orders the same filter lists, one
 * row per order, or with `rows=lines` one row per line of them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const params = new URL(request.url).searchParams;
  const byLine = params.get("rows") === "lines";
  params.delete("rows");
  const read = readOrderFilter(params);
  if (!read.ok)
    return new Response(read.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const orders = await exportOrders(services.database.db, read.filter);
  const csv = byLine ? orderLinesCsv(orders) : ordersCsv(orders);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${byLine ? "order-lines" : "orders"}-${ukDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

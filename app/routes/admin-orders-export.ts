import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { exportOrders } from "~/features/shop/list-orders.server";
import { ordersCsv, readOrderFilter, ukDay } from "~/features/shop/order-filter";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/admin-orders-export";

/** GET /admin/orders/export.csv?q=&status=&from=&to=: exactly the orders the same filter lists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const read = readOrderFilter(new URL(request.url).searchParams);
  if (!read.ok)
    return new Response(read.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const csv = ordersCsv(await exportOrders(services.database.db, read.filter));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${ukDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

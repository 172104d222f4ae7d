import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { weeklySales } from "~/features/shop/list-orders.server";
import { CHART_WIDTH, readOrderFilter, salesChartSvg } from "~/features/shop/order-filter";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/admin-orders-chart";

/**
 * GET /admin/orders/chart.svg: the sales-by-week chart, drawn on the server as an SVG image;
 * `size=narrow` draws it for a phone's width, with fewer dates under the bars.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const params = new URL(request.url).searchParams;
  const read = readOrderFilter(params);
  if (!read.ok)
    return new Response(read.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const width = params.get("size") === "narrow" ? CHART_WIDTH.narrow : CHART_WIDTH.wide;
  return new Response(salesChartSvg(await weeklySales(services.database.db, read.filter), { width }), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

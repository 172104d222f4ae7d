import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { getShopState } from "~/features/checkout/get-shop-state.server";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/shop-state";

/** GET /shop-state: what the header cart needs (signed in, owned products, checkout hosts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await getSessionUser(request, services);
  return Response.json(await getShopState(services, account), { headers: { "Cache-Control": "no-store" } });
}

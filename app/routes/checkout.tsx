import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { servicesContext } from "~/lib/context";
import { shopMessages } from "~/lib/shop-messages";
import type { Route } from "./+types/checkout";

/** POST /checkout (JSON): starts a checkout; answers { url } or { title, message } with a 4xx. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await getSessionUser(request, services);
  if (!account) {
    return Response.json(
      { title: shopMessages.loginRequired.title, message: shopMessages.loginRequired.description },
      { status: 401 },
    );
  }
  if (!request.headers.get("content-type")?.includes("application/json")) {
    return Response.json({ title: "Payment Error", message: "Expected a JSON body" }, { status: 415 });
  }
  const body = await request.json().catch(() => undefined);
  const result = await createCheckout(services, account, body);
  if (!result.ok) return Response.json({ title: result.title, message: result.message }, { status: result.status });
  return Response.json({ url: result.url, mode: result.mode });
}

export function loader() {
  return Response.json({ error: "Not found" }, { status: 404 });
}

import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { productIdSchema } from "~/features/catalogue/product-id";
import { claimFreeProduct } from "~/features/checkout/claim-free-product.server";
import { servicesContext } from "~/lib/context";
import { shopMessages } from "~/lib/shop-messages";
import { z } from "~/lib/zod";
import type { Route } from "./+types/claim-free";

const bodySchema = z.object({ productId: productIdSchema });

/** POST /claim-free (JSON { productId }): records a £0.00 purchase of a free product. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await getSessionUser(request, services);
  if (!account) {
    return Response.json(
      { error: shopMessages.notLoggedIn.title, message: shopMessages.notLoggedIn.description },
      { status: 401 },
    );
  }
  const parsed = bodySchema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success)
    return Response.json({ error: "Invalid request", message: "productId is required" }, { status: 400 });
  const result = await claimFreeProduct(services, account, parsed.data.productId);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  return Response.json({ downloadUrl: result.downloadUrl });
}

export function loader() {
  return Response.json({ error: "Not found" }, { status: 404 });
}

import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { getShopState } from "~/features/shop/get-shop-state.server";
import { listCurrentProducts } from "~/features/shop/list-current-products.server";
import { LIMITS } from "~/features/shop/model";
import { productIdSchema } from "~/features/shop/schemas";
import { AppError, answerJson } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { z } from "~/lib/zod";
import type { Route } from "./+types/shop-state";

const idsSchema = z
  .string()
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(z.array(productIdSchema).max(LIMITS.maxCheckoutLines));

/**
 * GET /shop-state[?ids=a,b]: what the cart needs (signed in, owned products, membership, checkout
 * hosts) and, for the ids it holds, each product as it is now, so the cart shows the price charged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return answerJson(async () => {
    const ids = idsSchema.safeParse(new URL(request.url).searchParams.get("ids") ?? "");
    if (!ids.success) throw new AppError("invalid_request", "Invalid product ids", "Invalid request");
    const account = await getSessionUser(request, services);
    const [state, products] = await Promise.all([
      getShopState(services, account),
      listCurrentProducts(services.database.db, ids.data),
    ]);
    return Response.json({ ...state, products }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

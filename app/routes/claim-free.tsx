import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { claimFreeProduct } from "~/features/shop/claim-free-product.server";
import { shopMessages } from "~/features/shop/model";
import { productIdSchema } from "~/features/shop/schemas";
import { AppError, answerJson, errorResponse } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { z } from "~/lib/zod";
import type { Route } from "./+types/claim-free";

const bodySchema = z.object({ productId: productIdSchema });

/** POST /claim-free (JSON { productId }): records a £0.00 purchase of a free product. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return answerJson(async () => {
    const account = await getSessionUser(request, services);
    if (!account) throw new AppError("not_signed_in", shopMessages.notLoggedIn);
    const parsed = bodySchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) throw new AppError("invalid_request", "productId is required", "Invalid request");
    return claimFreeProduct(services, account, parsed.data.productId);
  });
}

export function loader() {
  return errorResponse(new AppError("not_found", "Not found", "Not found"));
}

import { data } from "react-router";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { readDataExport } from "~/features/rights/request-data-export.server";
import { servicesContext } from "~/lib/context";
import { z } from "~/lib/zod";
import type { Route } from "./+types/account-export";

/** Her data file, to her only (signed in), while it is on offer. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const me = await requireUser(request, services);
  const id = z.uuid().safeParse(params.exportId);
  const found = id.success ? await readDataExport(services, me.id, id.data) : null;
  if (!found)
    throw data("This file has expired or is not yours. You can prepare a new one from My Account.", { status: 404 });
  services.logger.info({ userId: me.id, exportId: params.exportId }, "personal data downloaded");
  const day = found.createdAt.toISOString().slice(0, 10);
  return new Response(found.content, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

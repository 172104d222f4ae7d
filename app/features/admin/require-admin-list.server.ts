import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { INVALID_PAGE_MESSAGE, parsePageParam } from "~/lib/pagination";
import type { AppServices } from "~/lib/services.server";

/** An admin list's request: the admin role first, then the page asked for (400 when it is no page). */
export async function requireAdminList(request: Request, services: AppServices): Promise<{ page: number; url: URL }> {
  await requireAdmin(request, services);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  if (page === null) throw data(INVALID_PAGE_MESSAGE, { status: 400 });
  return { page, url };
}

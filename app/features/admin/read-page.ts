import { parsePageParam } from "~/lib/pagination";
import { requestedPage } from "~/lib/requested-page";

/**
 * Where an admin action sends the browser back to: the list it came from, on the same page. Built
 * from the page behind the request, since a script's request arrives at React Router's data address.
 */
export function backToList(path: string, request: Request): string {
  const page = parsePageParam(requestedPage(request).searchParams.get("page"));
  return page && page > 1 ? `${path}?page=${page}` : path;
}

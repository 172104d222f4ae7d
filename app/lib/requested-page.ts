/**
 * The page a request is for. React Router fetches a page's data at `/page.data` (`/_root.data`
 * for the home page) with `_routes` and `index` markers of its own; the page is `/page`.
 */
export function requestedPage(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

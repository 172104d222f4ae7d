import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { HeadPreloadsProvider, type ImagePreload, preloadLinks } from "~/components/head-preloads";
import { NonceProvider } from "~/components/nonce";
import { requestContext, servicesContext } from "~/lib/context";
import { outageStatus } from "~/lib/db/outage-status.server";
import { deferHydrationMarkup } from "~/lib/defer-hydration.server";
import { renderPage } from "~/lib/render-page.server";
import { findRendered, keepRendered, renderedBody, renderKey } from "~/lib/rendered-pages.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page whose data failed while the database is away answers 503, still with the whole page frame
  // and the §8 message (decision 034).
  const responseStatusCode = await outageStatus(status, loadContext.get(servicesContext).database, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    // The headers of the GET it stands for, without the body: the page's type included.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const info = loadContext.get(requestContext);
  const { nonce } = info;
  const site = loadContext.get(servicesContext);
  // The same data as a page rendered before: the same page, sent again (decision 052).
  const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
  // Not in development (every edit renders), nor for a request without any cookie: that is the shared
  // cache's (decision 027), which keeps the markup itself and compresses it for everyone.
  const key =
    routerContext.isSpaMode || !info.keepRenders || !request.headers.has("cookie")
      ? null
      : renderKey(request.url, responseStatusCode, { loaderData, actionData, errors });
  const rendered = key ? findRendered(site, key) : null;
  if (rendered) {
    info.scriptHashes = rendered.scriptHashes;
    const body = renderedBody(rendered, request, responseHeaders);
    const response = new Response(body, { status: responseStatusCode, headers: responseHeaders });
    info.sentWhole = { response, body };
    return response;
  }

  const preloads: ImagePreload[] = [];
  const html = await renderPage(
    <NonceProvider value={nonce}>
      <HeadPreloadsProvider value={preloads}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </HeadPreloadsProvider>
    </NonceProvider>,
  );
  // Scripts start after the first paint (decision 024): the page shows before they load.
  const page = deferHydrationMarkup(html.replace("</head>", () => `${preloadLinks(preloads)}</head>`));
  if (key && responseStatusCode === 200) keepRendered(site, key, page, nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(page, { headers: responseHeaders, status: responseStatusCode });
}

/** The `.data` answers of client navigations get the same 503 for a database outage as pages do. */
export async function handleDataRequest(response: Response, { context }: { context: RouterContextProvider }) {
  const headers = new Headers(response.headers);
  const status = await outageStatus(response.status, context.get(servicesContext).database, headers);
  if (status === response.status) return response;
  return new Response(response.body, { status, statusText: response.statusText, headers });
}

/**
 * Errors thrown by loaders, actions or rendering: logged with the request id, never sent to the client.
 * A refusal of the request itself (React Router's own 405 for a form sent to a page without an action,
 * or a 404) is the visitor's mistake or a robot's, not the site's: logged at info, not as an error.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  try {
    const { logger } = context.get(servicesContext);
    const reqId = context.get(requestContext).requestId;
    if (isRouteErrorResponse(error) && error.status < 500) {
      logger.info({ status: error.status, reqId, method: request.method, url: request.url }, "route refused");
      return;
    }
    logger.error({ err: error, reqId, url: request.url }, "route error");
  } catch {
    console.error(error);
  }
}

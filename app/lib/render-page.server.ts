import type { VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import type { ReactNode } from "react";

/**
 * The whole document as markup: Preact renders it on the server as on the client (decision 063),
 * waiting for anything the page suspends on. The pages defer no data, so the document goes in one
 * piece (it is kept whole for the next request anyway: decision 052).
 */
export async function renderPage(page: ReactNode): Promise<string> {
  const markup = await renderToStringAsync(page as unknown as VNode);
  return markup.startsWith("<!DOCTYPE") ? markup : `<!DOCTYPE html>${markup}`;
}

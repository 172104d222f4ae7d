import { INERT_PRELOAD_REL, INERT_SCRIPT_TYPE } from "./hydrate-after-paint";

/** React Router's module preloads, and its bootstrap script (`async` bare or as `async=""`). */
const PRELOAD = /<link rel="modulepreload"/g;
const BOOTSTRAP = /<script([^>]*?) type="module" async(?:="")?([^>]*)>/g;

/**
 * The document with React Router's module preloads and bootstrap made inert, for the root's start-up
 * script to start after the first paint (decision 024).
 */
export function deferHydrationMarkup(html: string): string {
  return html
    .replace(PRELOAD, `<link rel="${INERT_PRELOAD_REL}"`)
    .replace(BOOTSTRAP, `<script$1 type="${INERT_SCRIPT_TYPE}"$2>`);
}

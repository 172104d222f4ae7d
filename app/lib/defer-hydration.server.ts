import { Transform } from "node:stream";
import { INERT_PRELOAD_REL, INERT_SCRIPT_TYPE } from "./hydrate-after-paint";

/** React Router's markup, as React writes it, and its inert form. */
const RULES: [string, string][] = [
  ['<link rel="modulepreload"', `<link rel="${INERT_PRELOAD_REL}"`],
  ['type="module" async=""', `type="${INERT_SCRIPT_TYPE}"`],
];
const LONGEST = Math.max(...RULES.map(([from]) => from.length));

/**
 * The document stream with React Router's module preloads and bootstrap made inert, for the root's
 * start-up script to start after the first paint. A tag split across two chunks is caught by
 * holding back the end of each chunk.
 */
export function deferHydration(): Transform {
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = pending + chunk.toString("utf8");
      for (const [from, to] of RULES) text = text.replaceAll(from, to);
      pending = text.slice(-(LONGEST - 1));
      callback(null, text.slice(0, text.length - pending.length));
    },
    flush(callback) {
      callback(null, pending);
    },
  });
}

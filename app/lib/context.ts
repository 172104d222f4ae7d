import { createContext } from "react-router";
import type { AppServices } from "./services.server";

/** Per-request values the Hono server hands to React Router loaders and actions. */
export type RequestInfo = {
  requestId: string;
  /** CSP nonce for the inline hydration scripts of this response. */
  nonce: string;
  /** The client address, from the socket or (behind a trusted proxy) X-Forwarded-For. */
  clientIp: string;
  /** Pages may be sent again when rendered from the same data (production; dev renders every edit). */
  keepRenders: boolean;
  /**
   * Set by the render when it answers with a page rendered before (decision 052): its inline scripts
   * are allowed by these hashes, as the page carries no nonce.
   */
  scriptHashes?: string[];
  /**
   * That page's response and its body, whole. React Router reads a response's `body` on its way out
   * (to tell a response from data), which turns the server's whole-body response into a stream; when
   * React Router answers with this very response, the server sends the body in one write instead
   * (decision 056).
   */
  sentWhole?: { response: Response; body: Uint8Array<ArrayBuffer> };
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();

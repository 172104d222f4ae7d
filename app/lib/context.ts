import { createContext } from "react-router";
import type { AppServices } from "./services.server";

/** Per-request values the Hono server hands to React Router loaders and actions. */
export type RequestInfo = {
  requestId: string;
  /** CSP nonce for the inline hydration scripts of this response. */
  nonce: string;
  /** The client address, from the socket or (behind a trusted proxy) X-Forwarded-For. */
  clientIp: string;
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();

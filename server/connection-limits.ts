import type { ServerOptions } from "node:http";
import type { Server } from "node:net";

/**
 * How long a connection may take, and how many there may be at once (issue 23, decision 043). Node's
 * defaults let a client that sends its headers a byte at a time hold a connection for a minute, and
 * nothing capped how many: a few hundred such clients hold the server's memory and sockets.
 */
export const CONNECTION_TIMEOUTS = {
  /** The whole request line and headers: a browser sends them in one packet. */
  headersTimeout: 10_000,
  /**
   * The whole request, body included. Long because an admin upload (up to UPLOAD_MAX_PDF_MB) streams
   * its body: 200 MB at 10 Mbit/s takes under three minutes. Other bodies are capped at 1 MB.
   */
  requestTimeout: 300_000,
  /** An idle keep-alive connection between two requests. */
  keepAliveTimeout: 5_000,
  /** How often Node looks for connections past those times (default 30 s: a timeout of 10 s became 40). */
  connectionsCheckingInterval: 1_000,
} satisfies ServerOptions;

/**
 * At most `max` connections at once; Node closes any more as they arrive. One cap for the server, not
 * per client address: behind a proxy (TRUST_PROXY or not) every connection comes from the proxy.
 */
export function capConnections(server: Pick<Server, "maxConnections">, max: number): void {
  server.maxConnections = max;
}

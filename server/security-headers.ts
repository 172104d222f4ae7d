/** Content-Security-Policy for one response. Inline scripts run only with this response's nonce. */
export function contentSecurityPolicy(
  nonce: string,
  {
    dev,
    fileOrigins = [],
    scriptHashes,
  }: { dev: boolean; fileOrigins?: string[]; scriptHashes?: string[] | undefined },
): string {
  // Downloads of audio and video may be redirected to signed URLs on the file store (S3).
  const files = fileOrigins.map((o) => ` ${o}`).join("");
  const directives: Record<string, string> = {
    "default-src": "'self'",
    // Dev mode needs Vite's inline preamble and its eval-based hot reload.
    // A page shared from the cache (decision 027) names its inline scripts by hash instead: a nonce
    // must never be the same for two responses.
    "script-src": dev
      ? "'self' 'unsafe-inline' 'unsafe-eval'"
      : scriptHashes
        ? ["'self'", ...scriptHashes].join(" ")
        : `'self' 'nonce-${nonce}'`,
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: https://i.ytimg.com",
    "media-src": `'self'${files}`,
    "font-src": "'self'",
    "connect-src": dev ? "'self' ws: wss:" : "'self'",
    "frame-src": "https://www.youtube-nocookie.com",
    "form-action": "'self' https://checkout.stripe.com https://billing.stripe.com",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

/** Anything else (JSON, images, files, redirects) may load nothing and be framed nowhere, should it be opened as a page. */
const RESOURCE_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * What a response is, for its headers:
 * - `document`: an HTML page, with the whole policy;
 * - `asset`: one of the build's hashed scripts, stylesheets or fonts under `/assets/`. A browser applies
 *   Content-Security-Policy and Referrer-Policy from a document (or a worker, which the site has none
 *   of), never from a script or stylesheet it loads, and these files are the site's own, never
 *   anyone's upload; so they carry only what a browser does apply to them (decision 039);
 * - `resource`: anything else, which carries the short policy.
 */
export type ResponseKind = "document" | "asset" | "resource";

/** Which kind a response is, from its type and where it was served. */
export function responseKind(path: string, response: Response): ResponseKind {
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) return "document";
  return path.startsWith("/assets/") && response.ok ? "asset" : "resource";
}

export function securityHeaders(options: {
  kind: ResponseKind;
  nonce: string;
  dev: boolean;
  https: boolean;
  fileOrigins?: string[];
  /** A page from the shared cache: its inline scripts' hashes, in place of the nonce. */
  scriptHashes?: string[] | undefined;
}): Record<string, string> {
  const headers: Record<string, string> = {
    // Without it a browser could run a file served under another type as a script or stylesheet.
    "X-Content-Type-Options": "nosniff",
    // No other site may load (and so read the bytes of) what this site serves.
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (options.kind !== "asset") {
    headers["Content-Security-Policy"] =
      options.kind === "document" ? contentSecurityPolicy(options.nonce, options) : RESOURCE_POLICY;
    headers["Referrer-Policy"] = "strict-origin-when-cross-origin";
  }
  if (options.kind === "document") {
    headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
    headers["X-Frame-Options"] = "DENY";
    headers["Cross-Origin-Opener-Policy"] = "same-origin";
  }
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  return headers;
}

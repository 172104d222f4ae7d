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

/** Anything else may load nothing and be framed nowhere, should it be opened as a page. */
const RESOURCE_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * What a response is, for its headers:
 * - `document`: an HTML page, with the whole policy;
 * - `asset`: a script, stylesheet or font of the client build, served from `/assets/`. A browser
 *   enforces a Content-Security-Policy only from a document or a worker (the site has none), never
 *   from a script or stylesheet a page loads; a module's or stylesheet's own Referrer-Policy would
 *   only set the referrer of what it imports, which without it is the document's, the same
 *   strict-origin-when-cross-origin. These files are the site's own build, never anyone's upload, so
 *   they carry only what a browser does apply to them (decision 039);
 * - `resource`: anything else (JSON, a page's data, images, files, redirects), which carries the short
 *   policy, in case it is opened as a page: an image may be an SVG, a file may be anything.
 */
export type ResponseKind = "document" | "asset" | "resource";

/** Which kind a response is, from its type and whether it is a file of the client build. */
export function responseKind(response: Response, buildFile: boolean): ResponseKind {
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/html")) return "document";
  return buildFile && /^(text\/(javascript|css)|font\/)/.test(type) ? "asset" : "resource";
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

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

/** Anything that is not a page (scripts, images, JSON, files) may load nothing and be framed nowhere. */
const RESOURCE_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export function securityHeaders(options: {
  nonce: string;
  dev: boolean;
  https: boolean;
  fileOrigins?: string[];
  /** A page from the shared cache: its inline scripts' hashes, in place of the nonce. */
  scriptHashes?: string[] | undefined;
  /** An HTML page. Other responses get the short policy: the page-only headers mean nothing to them. */
  document: boolean;
}): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": options.document ? contentSecurityPolicy(options.nonce, options) : RESOURCE_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (options.document) {
    headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
    headers["X-Frame-Options"] = "DENY";
    headers["Cross-Origin-Opener-Policy"] = "same-origin";
  }
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  return headers;
}

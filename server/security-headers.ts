/** Content-Security-Policy for one response. Inline scripts run only with this response's nonce. */
export function contentSecurityPolicy(
  nonce: string,
  { dev, fileOrigins = [] }: { dev: boolean; fileOrigins?: string[] },
): string {
  // Downloads of audio and video may be redirected to signed URLs on the file store (S3).
  const files = fileOrigins.map((o) => ` ${o}`).join("");
  const directives: Record<string, string> = {
    "default-src": "'self'",
    // Dev mode needs Vite's inline preamble and its eval-based hot reload.
    "script-src": dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`,
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

export function securityHeaders(options: {
  nonce: string;
  dev: boolean;
  https: boolean;
  fileOrigins?: string[];
}): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options.nonce, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  return headers;
}

/** Every public content page, for the sitemap (products are added from the database). */
export const publicPages = [
  "/",
  "/about",
  "/products",
  "/reiki",
  "/zyto",
  "/aromatherapy",
  "/music",
  "/media-events",
  "/contact",
  "/terms",
  "/privacy",
  "/cookie-policy",
  "/refund",
  "/disclaimer",
  "/review-policy",
  "/gift-vouchers",
] as const;

/** Paths search engines should leave alone (private or per-visitor). */
export const privatePaths = ["/admin", "/my-purchases", "/auth", "/api/"] as const;

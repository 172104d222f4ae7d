import { publicPages } from "~/content/public-pages";
import { practiceEntries, rightsAndTestimonialEntries } from "./authorization-matrix.practice";
import { all, type Entry, signedIn } from "./authorization-matrix.roles";

// Every public content page (the sitemap's list), plus /app, which forwards to the external app.
const publicPagePaths = [...publicPages, "/app"];

/**
 * Every page and endpoint × every kind of person, with the status the server must answer.
 * The table is the single source: a route or API endpoint without an entry fails the last test.
 * The practice's rows are in `authorization-matrix.practice.ts`, in their places below.
 */
export const table: Entry[] = [
  ...publicPagePaths.map((path): Entry => ({ route: path, method: "GET", path, expect: all(200) })),
  { route: "/product/:productId", method: "GET", path: "/product/chakra-balance-guide", expect: all(200) },
  { route: "/product/:productId", method: "GET", path: "/product/no-such-thing", expect: all(404) },
  // Signed-in people are sent on from /auth; visitors see the form.
  { route: "/auth", method: "GET", path: "/auth", expect: signedIn(200, 302) },
  { route: "/auth/reset-password", method: "GET", path: "/auth/reset-password?token=x", expect: all(200) },
  { route: "/my-purchases", method: "GET", path: "/my-purchases", expect: signedIn(302, 200) },
  { route: "/admin", method: "GET", path: "/admin", expect: { ...signedIn(302, 302), admin: 200 } },
  // Admin writes: everyone else is sent away before the form is read; the admin's empty form is refused.
  { route: "/admin", method: "POST", path: "/admin", body: "admin-invalid", expect: { ...all(302), admin: 400 } },
  { route: "/admin/orders", method: "GET", path: "/admin/orders", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/orders",
    method: "POST",
    path: "/admin/orders",
    body: "refund-unknown",
    expect: { ...all(302), admin: 404 },
  },
  { route: "/admin/members", method: "GET", path: "/admin/members", expect: { ...all(302), admin: 200 } },
  // The owner's content (decision 031): pages send others away; every write is a 403 for anyone
  // but an admin, before the form is read; the admin's malformed form is refused with reasons.
  { route: "/admin/settings", method: "GET", path: "/admin/settings", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/settings",
    method: "POST",
    path: "/admin/settings",
    body: "settings-invalid",
    expect: { ...all(403), admin: 400 },
  },
  { route: "/admin/events", method: "GET", path: "/admin/events", expect: { ...all(302), admin: 200 } },
  { route: "/admin/galleries", method: "GET", path: "/admin/galleries", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/galleries",
    method: "POST",
    path: "/admin/galleries",
    body: "gallery-invalid",
    expect: { ...all(403), admin: 400 },
  },
  {
    route: "/admin/events",
    method: "POST",
    path: "/admin/events",
    body: "event-invalid",
    expect: { ...all(403), admin: 400 },
  },
  // Tabs she added are renamed and removed (the shipped ones are not: 404 for the admin).
  {
    route: "/admin/galleries",
    method: "POST",
    path: "/admin/galleries",
    body: "gallery-rename",
    expect: { ...all(403), admin: 404 },
  },
  {
    route: "/admin/galleries",
    method: "POST",
    path: "/admin/galleries",
    body: "gallery-remove",
    expect: { ...all(403), admin: 404 },
  },
  // Songs (decision 035): every action is a 403 for anyone but an admin.
  { route: "/admin/songs", method: "GET", path: "/admin/songs", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/songs",
    method: "POST",
    path: "/admin/songs",
    body: "song-invalid",
    expect: { ...all(403), admin: 400 },
  },
  {
    route: "/admin/songs",
    method: "POST",
    path: "/admin/songs",
    body: "song-remove",
    expect: { ...all(403), admin: 404 },
  },
  {
    route: "/admin/songs",
    method: "POST",
    path: "/admin/songs",
    body: "song-adopt",
    expect: { ...all(403), admin: 302 },
  },
  {
    route: "POST /api/admin/uploads",
    method: "POST",
    path: "/api/admin/uploads?kind=song",
    body: "upload-song",
    expect: { visitor: 401, customer: 403, other: 403, member: 403, admin: 201 },
  },
  {
    route: "/admin/orders/export.csv",
    method: "GET",
    path: "/admin/orders/export.csv",
    expect: { ...all(302), admin: 200 },
  },
  {
    route: "/admin/orders/chart.svg",
    method: "GET",
    path: "/admin/orders/chart.svg",
    expect: { ...all(302), admin: 200 },
  },
  // Discount codes (decision 033): only the owner sees or changes them; a code's preview is anyone's,
  // and an unknown code is refused with its reason (a member is charged nothing for a guide: 409).
  { route: "/admin/discounts", method: "GET", path: "/admin/discounts", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/discounts",
    method: "POST",
    path: "/admin/discounts",
    body: "discount-invalid",
    expect: { ...all(403), admin: 400 },
  },
  {
    route: "/checkout/discount",
    method: "POST",
    path: "/checkout/discount",
    body: "json-discount",
    expect: { ...all(400), member: 409 },
  },
  { route: "/checkout/discount", method: "GET", path: "/checkout/discount", expect: all(404) },
  // Gift vouchers (decision 048): buying needs an account; the balance is anyone's (a wrong or empty
  // code is refused); a voucher's PDF and thank-you page are its buyer's; the list is the owner's.
  { route: "/gift-vouchers", method: "POST", path: "/gift-vouchers", body: "form", expect: signedIn(302, 400) },
  {
    route: "/gift-vouchers/bought",
    method: "GET",
    path: "/gift-vouchers/bought?session_id={paid}",
    expect: signedIn(302, 404),
  },
  { route: "/gift-vouchers/balance", method: "GET", path: "/gift-vouchers/balance", expect: all(200) },
  { route: "/gift-vouchers/balance", method: "POST", path: "/gift-vouchers/balance", body: "form", expect: all(400) },
  {
    route: "/gift-vouchers/:voucherId/voucher.pdf",
    method: "GET",
    path: "/gift-vouchers/00000000-0000-4000-8000-000000000000/voucher.pdf",
    expect: signedIn(302, 404),
  },
  { route: "/admin/vouchers", method: "GET", path: "/admin/vouchers", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/vouchers",
    method: "POST",
    path: "/admin/vouchers",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
  {
    route: "POST /api/admin/uploads",
    method: "POST",
    path: "/api/admin/uploads?kind=attachment",
    body: "upload-pdf",
    expect: { visitor: 401, customer: 403, other: 403, member: 403, admin: 201 },
  },
  // A guide: a member's Digital Access includes it, so there is nothing to charge them (409).
  {
    route: "/checkout",
    method: "POST",
    path: "/checkout",
    body: "json-checkout",
    expect: { ...signedIn(401, 200), member: 409 },
  },
  { route: "/checkout", method: "GET", path: "/checkout", expect: all(404) },
  {
    route: "/checkout/success",
    method: "GET",
    path: "/checkout/success?session_id={paid}",
    expect: { ...signedIn(302, 404), customer: 200 },
  },
  { route: "/claim-free", method: "POST", path: "/claim-free", body: "json-claim", expect: signedIn(401, 200) },
  { route: "/shop-state", method: "GET", path: "/shop-state", expect: all(200) },
  // Someone else's checkout does not exist for you.
  {
    route: "/demo-checkout/:checkoutId",
    method: "GET",
    path: "/demo-checkout/{open}",
    expect: { ...signedIn(302, 404), customer: 200 },
  },
  {
    route: "/demo-checkout/:checkoutId",
    method: "GET",
    path: "/demo-checkout/{paid}",
    expect: { ...signedIn(302, 404), customer: 302 },
  },
  // Paying someone else's checkout fails the same way; the customer's own payment goes through.
  {
    route: "/demo-checkout/:checkoutId",
    method: "POST",
    path: "/demo-checkout/{open}",
    body: "form-pay",
    expect: { ...signedIn(302, 404), customer: 302 },
  },
  { route: "/membership/manage", method: "POST", path: "/membership/manage", body: "form", expect: signedIn(302, 302) },
  ...practiceEntries,
  { route: "/stories", method: "GET", path: "/stories", expect: all(301) },
  { route: "/healing-guides", method: "GET", path: "/healing-guides", expect: all(301) },
  { route: "/courses", method: "GET", path: "/courses", expect: all(301) },
  { route: "/robots.txt", method: "GET", path: "/robots.txt", expect: all(200) },
  { route: "/sitemap.xml", method: "GET", path: "/sitemap.xml", expect: all(200) },
  // API
  { route: "GET /api/health", method: "GET", path: "/api/health", expect: all(200) },
  {
    route: "GET /media/:folder/:file",
    method: "GET",
    path: "/media/covers/chakra-balance-guide.webp",
    expect: all(200),
  },
  {
    route: "GET /media/:folder/:file",
    method: "GET",
    path: "/media/pdfs/seed-chakra-balance-guide.pdf",
    expect: all(404),
  },
  { route: "GET /api/auth/verify-email", method: "GET", path: "/api/auth/verify-email?token=forged", expect: all(401) },
  {
    route: "GET /api/auth/reset-password/:token",
    method: "GET",
    path: "/api/auth/reset-password/forged",
    expect: all(400),
  },
  {
    route: "POST /api/webhooks/stripe",
    method: "POST",
    path: "/api/webhooks/stripe",
    body: "stripe-unsigned",
    expect: all(404),
  },
  // A paid guide: its buyer and members; a paid course: its buyers only; a free guide: anyone signed in.
  {
    route: "GET /api/downloads/:productId",
    method: "GET",
    path: "/api/downloads/chakra-balance-guide",
    expect: { visitor: 401, customer: 200, other: 403, member: 200, admin: 403 },
  },
  {
    route: "GET /api/downloads/:productId",
    method: "GET",
    path: "/api/downloads/reiki-self-healing-course",
    expect: signedIn(401, 403),
  },
  {
    route: "GET /api/downloads/:productId",
    method: "GET",
    path: "/api/downloads/grounding-basics",
    expect: signedIn(401, 200),
  },
  {
    route: "GET /api/downloads/:productId/attachments/:n",
    method: "GET",
    path: "/api/downloads/chakra-balance-guide/attachments/1",
    expect: { visitor: 401, customer: 200, other: 403, member: 200, admin: 403 },
  },
  {
    route: "GET /api/downloads/:productId/attachments/:n",
    method: "GET",
    path: "/api/downloads/chakra-balance-guide/attachments/../../auth-secret",
    expect: all(404),
  },
  { route: "GET /api/membership", method: "GET", path: "/api/membership", expect: signedIn(401, 200) },
  ...rightsAndTestimonialEntries,
  // Her pictures (decision 051): the owner's alone.
  { route: "/admin/pictures", method: "GET", path: "/admin/pictures", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/pictures",
    method: "POST",
    path: "/admin/pictures",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
  // The renewal reminder's exit: the signed link is the only key; without it, a 400 that says so.
  { route: "/membership/leave", method: "GET", path: "/membership/leave", expect: all(400) },
  { route: "/membership/leave", method: "POST", path: "/membership/leave", body: "form", expect: all(400) },
  // Last: signing out ends every session of the user.
  { route: "/sign-out", method: "GET", path: "/sign-out", expect: all(302) },
  { route: "/sign-out", method: "POST", path: "/sign-out", body: "form", expect: all(302) },
];

/**
 * Pages for one person: `Cache-Control: private, no-store` for everyone (issue 13, item 11), so neither a
 * browser's history nor a CDN keeps them. Every page asked for with a session is private too.
 */
export const PERSONAL_ROUTES = new Set([
  "/my-purchases",
  "/admin/pictures",
  "/admin",
  "/admin/orders",
  "/admin/members",
  "/checkout/success",
  "/auth/reset-password",
  "/demo-checkout/:checkoutId",
  "/my-sessions",
  "/my-sessions/:bookingId",
  "/admin/bookings",
  "/admin/bookings/new",
  "/admin/bookings/:bookingId/move",
  "/my-sessions/health-questions",
  "/admin/clients",
  "/admin/clients/:clientId",
  "/admin/intake-form",
  "/account",
  "/account/close",
  "/account/export/:exportId",
  "/admin/complaints",
  "/admin/close-account",
  "/testimonials/new",
  "/admin/testimonials",
]);

import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/content/public-pages";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "~/features/shop/booking/zoned-time";
import { makeDemoPdf } from "~/features/shop/demo-files.server";
import { bookingSettings, bookings } from "~/lib/db/schema.server";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Every page and endpoint × every kind of person, with the status the server must answer.
 * The table is the single source: a route or API endpoint without an entry fails the last test.
 */
type Role = "visitor" | "customer" | "other" | "member" | "admin";
type Expect = Record<Role, number>;
type Entry = {
  /** The route pattern as the router knows it (coverage check). */
  route: string;
  method: "GET" | "POST";
  /** The concrete request; `{paid}` and `{open}` are the customer's own paid and unpaid demo checkouts. */
  path: string;
  body?:
    | "form"
    | "form-pay"
    | "json-checkout"
    | "json-claim"
    | "stripe-unsigned"
    | "admin-invalid"
    | "refund-unknown"
    | "upload-pdf"
    | "form-cancel"
    | "form-diary-cancel"
    | "settings-invalid"
    | "event-invalid"
    | "gallery-invalid"
    | "discount-invalid"
    | "json-discount"
    | "gallery-rename"
    | "gallery-remove"
    | "song-invalid"
    | "song-adopt"
    | "song-remove"
    | "upload-song";
  expect: Expect;
};

const all = (status: number): Expect => ({
  visitor: status,
  customer: status,
  other: status,
  member: status,
  admin: status,
});
const signedIn = (visitor: number, status: number): Expect => ({ ...all(status), visitor });

// Every public content page (the sitemap's list), plus /app, which forwards to the external app.
const publicPagePaths = [...publicPages, "/app"];

const table: Entry[] = [
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
  // Booking: the booking page and My Sessions are for signed-in clients; a session is its client's alone.
  { route: "/book/:serviceId", method: "GET", path: "/book/one-on-one", expect: signedIn(302, 200) },
  { route: "/book/:serviceId", method: "GET", path: "/book/no-such-service", expect: all(404) },
  { route: "/book/:serviceId", method: "POST", path: "/book/one-on-one", body: "form", expect: signedIn(302, 400) },
  { route: "/my-sessions", method: "GET", path: "/my-sessions", expect: signedIn(302, 200) },
  {
    route: "/my-sessions/:bookingId",
    method: "GET",
    path: "/my-sessions/{booking}",
    expect: { ...signedIn(302, 404), customer: 200 },
  },
  { route: "/admin/bookings", method: "GET", path: "/admin/bookings", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/bookings",
    method: "POST",
    path: "/admin/bookings",
    body: "form",
    expect: { ...all(302), admin: 400 },
  },
  // The feed opens only with its current secret.
  { route: "/diary-feed/:token", method: "GET", path: "/diary-feed/{feed}.ics", expect: all(200) },
  {
    route: "/diary-feed/:token",
    method: "GET",
    path: "/diary-feed/not-the-secret-token-at-all.ics",
    expect: all(404),
  },
  // Nobody but the client cancels from My Sessions (others: it does not exist); the customer's click cancels it.
  {
    route: "/my-sessions/:bookingId",
    method: "POST",
    path: "/my-sessions/{booking}",
    body: "form-cancel",
    expect: { ...signedIn(302, 404), customer: 302 },
  },
  // Only the practitioner reaches a diary action; everyone else is sent away before the form is read.
  {
    route: "/admin/bookings",
    method: "POST",
    path: "/admin/bookings",
    body: "form-diary-cancel",
    expect: all(302),
  },
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
  // Last: signing out ends every session of the user.
  { route: "/sign-out", method: "GET", path: "/sign-out", expect: all(302) },
  { route: "/sign-out", method: "POST", path: "/sign-out", body: "form", expect: all(302) },
];

/**
 * Pages for one person: `Cache-Control: private, no-store` for everyone (issue 13, item 11), so neither a
 * browser's history nor a CDN keeps them. Every page asked for with a session is private too.
 */
const PERSONAL_ROUTES = new Set([
  "/my-purchases",
  "/admin",
  "/admin/orders",
  "/admin/members",
  "/checkout/success",
  "/auth/reset-password",
  "/demo-checkout/:checkoutId",
  "/my-sessions",
  "/my-sessions/:bookingId",
  "/admin/bookings",
]);

let t: Awaited<ReturnType<typeof createTestApp>>;
const cookies: Record<Role, string> = { visitor: "", customer: "", other: "", member: "", admin: "" };
const checkouts = { paid: "", open: "", booking: "", feed: "" };

const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const plan = { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" };

async function payDemo(cookie: string, products: Parameters<typeof checkoutBody>[0]) {
  const res = await t.app.request("/checkout", jsonPost(cookie, checkoutBody(products)));
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const pay = await t.app.request(`http://localhost:3000${url}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "pay" }),
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
  });
  expect(pay.status).toBe(302);
  return url.split("/").pop() as string;
}

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
  const customer = await signedInUser(t.services, "customer");
  cookies.customer = customer.cookie;
  checkouts.paid = await payDemo(customer.cookie, [chakra]);
  const open = await t.app.request(
    "/checkout",
    jsonPost(
      customer.cookie,
      checkoutBody([{ id: "sacred-sleep-guide", title: "Sacred Sleep Guide", price_cents: 899 }]),
    ),
  );
  checkouts.open = ((await open.json()) as { url: string }).url.split("/").pop() as string;
  cookies.other = (await signedInUser(t.services, "other")).cookie;
  const member = await signedInUser(t.services, "member");
  await payDemo(member.cookie, [plan]);
  cookies.member = member.cookie;
  const admin = await signedInUser(t.services, "admin");
  await t.server.runCommand(t.services, "admin", ["add", admin.email]);
  cookies.admin = admin.cookie;
  checkouts.booking = await bookDemoSession(customer.cookie);
  const feed = await t.app.request("http://localhost:3000/admin/bookings", {
    method: "POST",
    body: new URLSearchParams({ intent: "feed-new" }),
    headers: {
      cookie: admin.cookie,
      origin: "http://localhost:3000",
      "content-type": "application/x-www-form-urlencoded",
    },
    redirect: "manual",
  });
  expect(feed.status).toBe(302);
  const [settings] = await t.services.database.db.select().from(bookingSettings);
  checkouts.feed = settings?.feedToken ?? "";
}, 120_000);

/** A one-hour session three weeks ahead at 10:00 UK time, booked and paid on the demo page. */
async function bookDemoSession(cookie: string): Promise<string> {
  let day = addDays(zonedDate(new Date()), 21);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  const headers = { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" };
  const held = await t.app.request("http://localhost:3000/book/one-on-one", {
    method: "POST",
    body: new URLSearchParams({ start: zonedInstant(day, "10:00").toISOString(), place: "in_person" }),
    headers,
    redirect: "manual",
  });
  expect(held.status).toBe(302);
  const paid = await t.app.request(`http://localhost:3000${held.headers.get("location")}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "pay" }),
    headers,
    redirect: "manual",
  });
  expect(paid.headers.get("location")).toMatch(/^\/my-sessions\//);
  return paid.headers.get("location")?.split("/").pop() as string;
}
afterAll(() => t.cleanup());

function requestFor(entry: Entry, role: Role): [string, RequestInit] {
  const path = entry.path
    .replace("{paid}", checkouts.paid)
    .replace("{open}", checkouts.open)
    .replace("{booking}", checkouts.booking)
    .replace("{feed}", checkouts.feed);
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (cookies[role]) headers.cookie = cookies[role];
  const init: RequestInit = { method: entry.method, headers, redirect: "manual" };
  if (entry.body === "form" || entry.body === "form-pay") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = entry.body === "form-pay" ? "intent=pay" : "intent=noop";
  } else if (entry.body === "json-checkout") {
    headers["content-type"] = "application/json";
    init.body = checkoutBody([{ id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 }]);
  } else if (entry.body === "json-claim") {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify({ productId: "grounding-basics" });
  } else if (entry.body === "admin-invalid") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=create&title=&description=";
  } else if (entry.body === "refund-unknown") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=refund&id=no-such-purchase";
  } else if (entry.body === "form-cancel") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=cancel&expected=5000";
  } else if (entry.body === "form-diary-cancel") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = `intent=cancel&id=${checkouts.booking}`;
  } else if (entry.body === "upload-pdf") {
    headers["x-file-name"] = "worksheet.pdf";
    init.body = new Uint8Array(makeDemoPdf("Matrix", ["A worksheet"]));
  } else if (entry.body === "settings-invalid") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=save&email=not-an-email";
  } else if (entry.body === "event-invalid") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=save&title=";
  } else if (entry.body === "gallery-invalid") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=add-tab&label=";
  } else if (entry.body === "discount-invalid") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=create&code=&kind=percent&amount=";
  } else if (entry.body === "json-discount") {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify({ code: "NO-SUCH-CODE", productIds: ["moon-ritual-journal"] });
  } else if (entry.body === "gallery-rename") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=rename-tab&gallery=romania&label=Transylvania";
  } else if (entry.body === "gallery-remove") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=remove-tab&gallery=romania&withPhotos=on";
  } else if (entry.body === "song-invalid") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=save&title=Song&duration=3:75&youtubeUrl=https://vimeo.com/1";
  } else if (entry.body === "song-remove") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = `intent=remove&id=${crypto.randomUUID()}`;
  } else if (entry.body === "song-adopt") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init.body = "intent=adopt";
  } else if (entry.body === "upload-song") {
    headers["x-file-name"] = "song.wav";
    init.body = new Uint8Array(readFileSync("public/audio/light-within-sample.wav"));
  } else if (entry.body === "stripe-unsigned") {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" });
  }
  return [`http://localhost:3000${path}`, init];
}

describe("the practitioner's diary", () => {
  it("is out of reach of everyone but the admin: a client's or visitor's cancel changes nothing", async () => {
    for (const role of ["visitor", "customer", "other", "member"] as const) {
      const res = await t.app.request(...requestFor({ ...diaryCancel }, role));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).not.toBe("/admin/bookings");
    }
    const [row] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, checkouts.booking));
    expect(row?.status).toBe("confirmed");
  });
});

const diaryCancel: Entry = {
  route: "/admin/bookings",
  method: "POST",
  path: "/admin/bookings",
  body: "form-diary-cancel",
  expect: all(302),
};

describe("the authorization matrix", () => {
  const roles: Role[] = ["visitor", "customer", "other", "member", "admin"];
  it.each(table.flatMap((entry) => roles.map((role) => [entry.method, entry.path, role, entry] as const)))(
    "%s %s as %s",
    async (_method, _path, role, entry) => {
      const res = await t.app.request(...requestFor(entry, role));
      expect(res.status).toBe(entry.expect[role]);
      expect(res.status).toBeLessThan(500);
      const page = !entry.route.includes(" ");
      if (entry.method === "GET" && (PERSONAL_ROUTES.has(entry.route) || (page && role !== "visitor"))) {
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
    },
  );

  it("has an entry for every page route and every API endpoint", () => {
    const covered = new Set(table.map((e) => e.route));
    const pageRoutes = Object.values(t.server.build.routes)
      .filter((r) => r && r.id !== "root" && r.path !== "*")
      .map((r) => (r?.index ? "/" : `/${r?.path}`));
    const apiRoutes = t.app.routes
      .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
      .map((r) => `${r.method} ${r.path}`);
    const missing = [...new Set([...pageRoutes, ...apiRoutes])].filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerIntakeFor } from "~/features/clients/intake-test-kit";
import { makeDemoPdf } from "~/features/shop/demo-files.server";
import { bookingSettings, bookings } from "~/lib/db/schema.server";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

import { all, type Entry, type Role } from "./authorization-matrix.roles";
import { PERSONAL_ROUTES, table } from "./authorization-matrix.table";

let t: Awaited<ReturnType<typeof createTestApp>>;
const cookies: Record<Role, string> = { visitor: "", customer: "", other: "", member: "", admin: "" };
const checkouts = { paid: "", open: "", booking: "", feed: "", client: "" };

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
  // A first booking needs the health questions answered (decision 046).
  await answerIntakeFor(t.services, customer);
  checkouts.client = customer.id;
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
  return new URL(paid.headers.get("location") ?? "", "http://localhost:3000").pathname.split("/").pop() as string;
}
afterAll(() => t.cleanup());

function requestFor(entry: Entry, role: Role): [string, RequestInit] {
  const path = entry.path
    .replace("{paid}", checkouts.paid)
    .replace("{open}", checkouts.open)
    .replace("{booking}", checkouts.booking)
    .replace("{feed}", checkouts.feed)
    .replace("{client}", checkouts.client);
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
      .filter((r) => r && r.id !== "root" && r.id !== "routes/pages" && r.path !== "*")
      .map((r) => (r?.index ? "/" : `/${r?.path}`));
    const apiRoutes = t.app.routes
      .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
      .map((r) => `${r.method} ${r.path}`);
    const missing = [...new Set([...pageRoutes, ...apiRoutes])].filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });
});

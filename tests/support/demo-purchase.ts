import { expect } from "vitest";
import { checkoutBody, jsonPost } from "./shop-accounts";

type App = { request(input: string, init?: RequestInit): Response | Promise<Response> };
type Line = { id: string; title: string; price_cents: number; product_type?: string };

/** The in-process apps' public address (tests/support/test-services.ts). */
const origin = "http://localhost:3000";

/** Opens a checkout as the browser does; `ref` is the demo checkout's id ("" when refused). */
export async function openCheckout(app: App, cookie: string, products: Line[]) {
  const res = await app.request("/checkout", jsonPost(cookie, checkoutBody(products)));
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it checks
  const body = (await res.json()) as any;
  return { status: res.status, body, ref: typeof body.url === "string" ? (body.url.split("/").pop() as string) : "" };
}

/** Presses Pay on the demo checkout page. */
export function payDemoCheckout(app: App, cookie: string, checkoutId: string) {
  return app.request(`${origin}/demo-checkout/${checkoutId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "pay" }),
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
  });
}

/** Buys through the demo provider as the browser does: checkout, then Pay on the demo page. */
export async function buyInDemo(app: App, cookie: string, products: Line[]): Promise<string> {
  const checkout = await openCheckout(app, cookie, products);
  expect(checkout.status).toBe(200);
  expect(checkout.body.url).toMatch(/^\/demo-checkout\/[0-9a-f-]{36}$/);
  const pay = await payDemoCheckout(app, cookie, checkout.ref);
  expect(pay.status).toBe(302);
  return checkout.ref;
}

import { expect } from "vitest";
import { checkoutBody, jsonPost } from "./shop-accounts";

type App = { request(input: string, init?: RequestInit): Response | Promise<Response> };
type Line = { id: string; title: string; price_cents: number; product_type?: string };

/** Buys through the demo provider as the browser does: checkout, then Pay on the demo page. */
export async function buyInDemo(app: App, cookie: string, products: Line[]): Promise<string> {
  const res = await app.request("/checkout", jsonPost(cookie, checkoutBody(products)));
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const pay = await app.request(`http://localhost:3000${url}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "pay" }),
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
  });
  expect(pay.status).toBe(302);
  return url.split("/").pop() as string;
}

import { randomBytes } from "node:crypto";
import http from "node:http";
import { HttpSession } from "./http-session";
import { checkoutBody } from "./shop-accounts";

export const PASSWORD = "Reliable-Pass-42";

/**
 * The products the demo catalogue sells for money, each of which one buyer can buy once (not the
 * Aromatherapy Rituals Guide: it has no file yet, so it is not for sale).
 */
export const PAID_PRODUCTS = [
  { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 },
  { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799 },
  { id: "sacred-sleep-guide", title: "Sacred Sleep Guide", price_cents: 899 },
  {
    id: "reiki-self-healing-course",
    title: "Reiki Self-Healing Course",
    price_cents: 4999,
    product_type: "video_course",
  },
  {
    id: "healing-frequencies-meditation",
    title: "Healing Frequencies Meditation",
    price_cents: 599,
    product_type: "audio",
  },
];

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString("hex")}@example.com`;

/**
 * A browser (cookies kept, same-origin form posts) talking to a real server over HTTP. `origin` is
 * where requests go; `siteOrigin` is the site's PUBLIC_URL, sent as Origin and Host (they differ
 * when several instances sit behind one public address).
 */
export function browserFor(origin: string, siteOrigin = origin): HttpSession {
  if (siteOrigin === origin) {
    const overHttp = {
      request: (url: string, init?: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(30_000) }),
    };
    return new HttpSession(overHttp as never, origin);
  }
  const host = new URL(siteOrigin).host;
  const throughBalancer = { request: (url: string, init?: RequestInit) => requestWithHost(url, host, init) };
  return new HttpSession(throughBalancer as never, origin, { origin: siteOrigin });
}

/**
 * A request as a load balancer forwards it: to one instance, with the public Host header kept
 * (nginx: `proxy_set_header Host $host`). fetch() cannot send another Host, so this uses node:http.
 */
export function requestWithHost(url: string, host: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>), host };
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? ""]) answer.append(name, one);
        }
        const status = response.statusCode ?? 0;
        const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, headers: answer }));
      });
    });
    request.on("timeout", () => request.destroy(new Error(`No answer from ${url} in 30 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** Signs in through the /auth form; throws unless the server accepted the password. */
export async function signIn(browser: HttpSession, email: string, password = PASSWORD): Promise<HttpSession> {
  const res = await browser.post("/auth", { intent: "signin", email, password });
  await res.arrayBuffer();
  if (res.status !== 302 || !browser.hasCookie("better-auth.session_token")) {
    throw new Error(`Sign-in of ${email} answered ${res.status}`);
  }
  return browser;
}

/** Signs up through the /auth form; true when the server said the account was created. */
export async function signUp(browser: HttpSession, email: string): Promise<boolean> {
  const res = await browser.post("/auth", { intent: "signup", fullName: "Load Tester", email, password: PASSWORD });
  const page = await res.text();
  return res.status === 200 && page.includes("sent a confirmation link");
}

/** POST /checkout for one product; the checkout's reference (demo purchase id or Stripe session id). */
export async function startCheckout(
  browser: HttpSession,
  origin: string,
  product: { id: string; title: string; price_cents: number; product_type?: string },
  siteOrigin = origin,
): Promise<string | undefined> {
  const res = await fetch(`${origin}/checkout`, {
    method: "POST",
    body: checkoutBody([product]),
    headers: { "content-type": "application/json", cookie: browser.cookieHeader(), origin: siteOrigin },
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { url?: string };
  if (res.status !== 200 || !body.url) return undefined;
  return body.url.split("/").pop();
}

/** Pays a demo checkout with its Pay button; true when the server confirmed the payment. */
export async function payDemoCheckout(browser: HttpSession, purchaseId: string): Promise<boolean> {
  const res = await browser.post(`/demo-checkout/${purchaseId}`, { intent: "pay" });
  await res.arrayBuffer();
  return res.status === 302 && (res.headers.get("location") ?? "").startsWith("/checkout/success");
}

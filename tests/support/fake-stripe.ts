import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;

/**
 * A local stand-in for the parts of the Stripe API the shop calls: Checkout Sessions (create,
 * retrieve), Prices (retrieve), Billing Portal sessions (create) and Events (list). Tests drive it
 * (`pay`, `event`) and sign webhook deliveries with the SDK's own test-header helper.
 */
export async function startFakeStripe(options: { webhookSecret: string; priceCents?: number }) {
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const events: Json[] = [];
  const refunded = new Set<string>();
  /** Refunds made, in order: which payment, how much (null: all of it). */
  const refundsMade: { paymentIntent: string; amount: number | null; idempotencyKey: string | undefined }[] = [];
  /** Stripe's idempotency: the answer to each refund request by its key, and the keys sent again. */
  const refundAnswers = new Map<string, Json>();
  const refundReplays: string[] = [];
  /** While true, every API call fails as if Stripe were unreachable (a 500, which the SDK retries). */
  let unreachable = false;
  const requests: { method: string; path: string; body: Json }[] = [];
  const prices: Record<string, Json> = {
    price_digital: {
      id: "price_digital",
      object: "price",
      unit_amount: options.priceCents ?? 999,
      currency: "gbp",
      recurring: { interval: "month" },
    },
  };

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => resolve(data));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = parseStripeForm(await read(req));
    requests.push({ method: req.method ?? "GET", path: url.pathname, body });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== "Bearer sk_test_fake") {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const path = url.pathname;
    if (unreachable) return send(500, { error: { type: "api_error", message: "Stripe is unreachable (test)" } });
    if (req.method === "POST" && path === "/v1/coupons") {
      const coupon: Json = {
        id: id("co"),
        object: "coupon",
        amount_off: body.amount_off === undefined ? null : Number(body.amount_off),
        percent_off: body.percent_off === undefined ? null : Number(body.percent_off),
        currency: body.currency ?? null,
        duration: body.duration,
        max_redemptions: body.max_redemptions === undefined ? null : Number(body.max_redemptions),
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      coupons.set(coupon.id as string, coupon);
      return send(200, coupon);
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const lineItems = (body.line_items as Json[]) ?? [];
      const subtotal = lineItems.reduce((sum, line) => {
        const price = line.price_data
          ? Number((line.price_data as Json).unit_amount)
          : Number(prices[line.price as string]?.unit_amount ?? 0);
        return sum + price * Number(line.quantity ?? 1);
      }, 0);
      const discounts = (body.discounts as Json[] | undefined) ?? [];
      const coupon = discounts[0] ? coupons.get(discounts[0].coupon as string) : undefined;
      if (discounts[0] && !coupon) {
        return send(400, { error: { type: "invalid_request_error", message: "No such coupon" } });
      }
      const discount = coupon
        ? Math.min(subtotal, Number(coupon.amount_off ?? Math.round((subtotal * Number(coupon.percent_off)) / 100)))
        : 0;
      const amount = subtotal - discount;
      const sessionId = id("cs");
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        amount_subtotal: subtotal,
        amount_total: amount,
        total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
        discounts: coupon ? [{ coupon: coupon.id }] : [],
        currency: "gbp",
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        payment_intent: null,
        subscription: null,
        subscription_data: body.subscription_data,
      };
      sessions.set(sessionId, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1] as string);
      if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      const expand = url.searchParams.getAll("expand[]").concat(url.searchParams.getAll("expand[0]"));
      const copy = { ...session };
      if (expand.includes("subscription") && typeof copy.subscription === "string") {
        copy.subscription = subscriptions.get(copy.subscription) ?? copy.subscription;
      }
      return send(200, copy);
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === "POST" && expireMatch) {
      const session = sessions.get(expireMatch[1] as string);
      if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      if (session.status !== "open") {
        return send(400, {
          error: { type: "invalid_request_error", message: `Only open sessions can be expired (${session.status}).` },
        });
      }
      session.status = "expired";
      return send(200, session);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === "DELETE" && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] as string);
      if (!subscription)
        return send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
      subscription.status = "canceled";
      return send(200, subscription);
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (req.method === "GET" && priceMatch) {
      const price = prices[priceMatch[1] as string];
      return price
        ? send(200, price)
        : send(404, { error: { type: "invalid_request_error", message: "No such price" } });
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      return send(200, {
        id: id("bps"),
        object: "billing_portal.session",
        url: `https://billing.stripe.com/p/session/${id("x")}`,
        customer: body.customer,
      });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      // As Stripe does: a request repeated with the same Idempotency-Key gets the first answer again
      // and refunds nothing more.
      const header = req.headers["idempotency-key"];
      const key = Array.isArray(header) ? header[0] : header;
      const replay = key ? refundAnswers.get(key) : undefined;
      if (replay) {
        refundReplays.push(key as string);
        return send(200, replay);
      }
      const intent = body.payment_intent as string | undefined;
      const paid = [...sessions.values()].some((s) => s.payment_intent === intent);
      if (!intent || !paid) {
        return send(400, {
          error: { type: "invalid_request_error", message: `No such payment_intent: '${intent}'` },
        });
      }
      const amount = body.amount === undefined ? null : Number(body.amount);
      if (refunded.has(intent)) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge has already been refunded.",
          },
        });
      }
      // A partial refund leaves the rest of the payment refundable.
      if (amount === null) refunded.add(intent);
      refundsMade.push({ paymentIntent: intent, amount, idempotencyKey: key });
      const answer = { id: id("re"), object: "refund", payment_intent: intent, amount, status: "succeeded" };
      if (key) refundAnswers.set(key, answer);
      return send(200, answer);
    }
    if (req.method === "GET" && path === "/v1/events") {
      return send(200, { object: "list", data: [...events].reverse(), has_more: false, url: "/v1/events" });
    }
    send(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const stripe = new Stripe("sk_test_fake");

  /** Builds (and records for the events list) an event. */
  function event(type: string, object: Json, created = Math.floor(Date.now() / 1000)): Json {
    const value = { id: id("evt"), object: "event", type, created, api_version: "2026-10-28.endive", data: { object } };
    events.push(value);
    return value;
  }

  return {
    port,
    requests,
    sessions,
    coupons,
    refundsMade,
    refundReplays,
    /** Makes every API call fail (or work again), as an outage would. */
    setUnreachable(value: boolean) {
      unreachable = value;
    },
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_PRICE_DIGITAL_ACCESS: "price_digital",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    event,
    /** The buyer pays: the session becomes complete and paid (or stays unpaid for a delayed method). */
    pay(sessionId: string, paymentStatus: "paid" | "unpaid" = "paid") {
      const session = sessions.get(sessionId) as Json;
      session.status = "complete";
      session.payment_status = paymentStatus;
      session.customer = session.customer ?? id("cus");
      if (session.mode === "payment") session.payment_intent = id("pi");
      if (session.mode === "subscription") {
        const subscription = makeSubscription(session);
        subscriptions.set(subscription.id as string, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
    subscription: (subscriptionId: string) => subscriptions.get(subscriptionId) as Json,
    /** A delivery as Stripe would send it, signed with the SDK's test-header helper. */
    sign(payload: string, secret = options.webhookSecret, timestamp?: number) {
      return stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        ...(timestamp ? { timestamp } : {}),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function makeSubscription(session: Json): Json {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: id("sub"),
    object: "subscription",
    status: "active",
    customer: session.customer,
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
    items: {
      object: "list",
      data: [{ id: id("si"), current_period_start: now, current_period_end: now + 30 * 86400 }],
    },
  };
}

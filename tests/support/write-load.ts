import { and, eq, inArray } from "drizzle-orm";
import type { PaymentProviderName } from "~/features/shop/model";
import type { Database } from "~/lib/db/client.server";
import { products, purchases, user } from "~/lib/db/schema.server";
import type { HttpSession } from "./http-session";
import type { ServerProcess } from "./server-process";
import {
  browserFor,
  PAID_PRODUCTS,
  PASSWORD,
  payDemoCheckout,
  signIn,
  signUp,
  startCheckout,
  uniqueEmail,
} from "./site-client";

export type WriteKind = "signup" | "fulfilment" | "admin-edit";

/** Free products the admin-edit writers rename; nobody buys them, so edits and sales never meet. */
const EDITED_PRODUCTS = ["grounding-basics", "energy-awareness-intro"];

/**
 * Every write the load made, and which ones the server acknowledged (answered with success).
 * A write in flight when the server died may or may not have happened; an acknowledged one must.
 */
export class WriteLedger {
  readonly signups = new Set<string>();
  /** Checkouts the server created (pending rows), by purchase id. */
  readonly checkouts = new Set<string>();
  /** Checkouts the server confirmed as paid. */
  readonly fulfilments = new Set<string>();
  /** Per edited product: the last revision acknowledged and the last one sent. */
  readonly adminEdits = new Map<string, { acknowledged: number; sent: number }>();
  /** Answers that are neither success nor a dead connection: always a bug. */
  readonly failures: string[] = [];
  /** Requests cut off mid-way by the server's death (sent, never answered). */
  interrupted = 0;

  counts() {
    return {
      signups: this.signups.size,
      fulfilments: this.fulfilments.size,
      adminEdits: [...this.adminEdits.values()].reduce((sum, e) => sum + e.acknowledged, 0),
    };
  }

  /**
   * What had been acknowledged so far. An admin edit sent later may have landed on top, so only
   * "at least this revision" is expected of it.
   */
  copy(): WriteLedger {
    const copy = new WriteLedger();
    for (const email of this.signups) copy.signups.add(email);
    for (const id of this.checkouts) copy.checkouts.add(id);
    for (const id of this.fulfilments) copy.fulfilments.add(id);
    for (const [id, edit] of this.adminEdits) {
      copy.adminEdits.set(id, { acknowledged: edit.acknowledged, sent: Number.MAX_SAFE_INTEGER });
    }
    return copy;
  }

  /** Acknowledged writes missing from the database (an empty list is a pass). */
  async findMissing(db: Database): Promise<string[]> {
    const missing: string[] = [];
    const emails = [...this.signups];
    if (emails.length > 0) {
      const found = new Set(
        (await db.select({ email: user.email }).from(user).where(inArray(user.email, emails))).map((r) => r.email),
      );
      for (const email of emails) if (!found.has(email)) missing.push(`sign-up ${email}`);
    }
    const ids = [...this.checkouts];
    if (ids.length > 0) {
      const rows = await db
        .select({ id: purchases.id, status: purchases.status })
        .from(purchases)
        .where(inArray(purchases.id, ids));
      const status = new Map(rows.map((r) => [r.id, r.status]));
      for (const id of ids) if (!status.has(id)) missing.push(`checkout ${id}`);
      for (const id of this.fulfilments) if (status.get(id) !== "paid") missing.push(`payment of ${id}`);
    }
    for (const [id, edit] of this.adminEdits) {
      if (edit.acknowledged === 0) continue;
      const [row] = await db.select({ title: products.title }).from(products).where(eq(products.id, id));
      const revision = Number(/ r(\d+)$/.exec(row?.title ?? "")?.[1] ?? 0);
      // The last acknowledged edit, or a later one that was in flight when the server died.
      if (revision < edit.acknowledged || revision > edit.sent) {
        missing.push(`edit r${edit.acknowledged} of ${id} (found "${row?.title}")`);
      }
    }
    return missing;
  }

  /** Paid rows per checkout reference: more than one for a checkout would be a double sale. */
  static async paidPurchases(db: Database, provider: PaymentProviderName, ref: string) {
    return db
      .select()
      .from(purchases)
      .where(and(eq(purchases.provider, provider), eq(purchases.providerRef, ref), eq(purchases.status, "paid")));
  }
}

export type WriteLoad = {
  /** Resolves when every writer has stopped (asked to, or its server went away). */
  done: Promise<void>;
  stop(): Promise<void>;
};

/**
 * Concurrent writers over HTTP against one server, as real visitors and the admin would make them:
 * sign-ups through the /auth form, demo checkouts paid with the Pay button, and product edits.
 * Each writer runs until stopped or until its server stops answering.
 */
export async function startWriteLoad(
  server: ServerProcess,
  ledger: WriteLedger,
  kinds: Partial<Record<WriteKind, number>>,
): Promise<WriteLoad> {
  let stopped = false;
  const writers: Promise<void>[] = [];
  const alive = () => !stopped;
  const run = (writer: () => Promise<void>) =>
    writers.push(
      writer().catch((error: unknown) => {
        // A refused or reset connection ends the writer: the server was killed or is shutting down.
        if (!isConnectionError(error)) ledger.failures.push(String(error));
        else if (!isRefused(error)) ledger.interrupted++;
      }),
    );

  for (let i = 0; i < (kinds.signup ?? 0); i++) {
    run(async () => {
      const browser = browserFor(server.url);
      while (alive()) {
        const email = uniqueEmail("signup");
        if (await signUp(browser, email)) ledger.signups.add(email);
        else ledger.failures.push(`sign-up of ${email} was refused`);
      }
    });
  }

  for (let i = 0; i < (kinds.fulfilment ?? 0); i++) {
    const buyer = await newBuyer(server);
    run(async () => {
      let browser = buyer;
      let next = 0;
      while (alive()) {
        if (next === PAID_PRODUCTS.length) {
          browser = await newBuyer(server);
          next = 0;
        }
        const product = PAID_PRODUCTS[next++] as (typeof PAID_PRODUCTS)[number];
        const purchaseId = await startCheckout(browser, server.url, product);
        if (!purchaseId) {
          ledger.failures.push(`checkout of ${product.id} was refused`);
          continue;
        }
        ledger.checkouts.add(purchaseId);
        if (await payDemoCheckout(browser, purchaseId)) ledger.fulfilments.add(purchaseId);
        else ledger.failures.push(`payment of ${purchaseId} was refused`);
      }
    });
  }

  // One writer per edited product, so its revisions are acknowledged in order.
  if ((kinds["admin-edit"] ?? 0) > EDITED_PRODUCTS.length) throw new Error("At most two admin-edit writers");
  for (let i = 0; i < (kinds["admin-edit"] ?? 0); i++) {
    const productId = EDITED_PRODUCTS[i % EDITED_PRODUCTS.length] as string;
    const admin = await newBuyer(server, { admin: true });
    const edit = ledger.adminEdits.get(productId) ?? { acknowledged: 0, sent: 0 };
    ledger.adminEdits.set(productId, edit);
    run(async () => {
      while (alive()) {
        const revision = ++edit.sent;
        const res = await admin.post("/admin", adminEditFields(productId, revision));
        await res.arrayBuffer();
        // A form post without JavaScript is answered with the redirect back to the list.
        const backToList =
          res.status === 302 && new URL(res.headers.get("location") ?? "", server.url).pathname === "/admin";
        if ((res.status >= 200 && res.status < 300) || backToList) edit.acknowledged = revision;
        else ledger.failures.push(`edit r${revision} of ${productId} answered ${res.status}`);
      }
    });
  }

  const done = Promise.all(writers).then(() => undefined);
  return {
    done,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** A verified account made by the operator command, signed in over HTTP. */
export async function newBuyer(server: ServerProcess, { admin = false } = {}): Promise<HttpSession> {
  const email = uniqueEmail(admin ? "admin" : "buyer");
  await server.command("user:create", email, PASSWORD, "Load", "Buyer");
  if (admin) await server.command("admin", "add", email);
  return signIn(browserFor(server.url), email);
}

/** The admin's product form (POST /admin, intent=update): every text field, no file fields (files stay). */
function adminEditFields(productId: string, revision: number): Record<string, string> {
  return {
    intent: "update",
    id: productId,
    title: `Edited under load r${revision}`,
    description: `Revision ${revision}, written while the server was under load.`,
    short_description: `Revision ${revision}`,
    category: "Wellbeing",
    product_type: productId === "energy-awareness-intro" ? "video_course" : "digital_guide",
    price: "0",
    sort_order: String(100 + (revision % 50)),
    duration_minutes: "15",
    features: "First, Second",
  };
}

/** Errors that mean "no answer came" (the process died or closed the connection), not a wrong answer. */
export function isConnectionError(error: unknown): boolean {
  const codes = ["ECONNREFUSED", "ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: string; message?: string };
    if ((code && codes.includes(code)) || message === "other side closed") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof TypeError && error.message === "fetch failed";
}

/** Refused outright: the request never reached a server (as opposed to one cut off mid-way). */
function isRefused(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === "ECONNREFUSED") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Polls until the condition holds (no fixed sleeps), or fails with the message. */
export async function waitUntil(condition: () => boolean, message: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${message()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

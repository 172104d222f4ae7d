import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { sendDueReminders } from "~/features/booking/send-due-reminders.server";
import { answerIntakeFor } from "~/features/clients/intake-test-kit";
import { closeAccount, previewAccountClosure } from "~/features/rights/close-account.server";
import { collectPersonalData } from "~/features/rights/collect-personal-data.server";
import { runRetention } from "~/features/rights/run-retention.server";
import {
  bookings,
  clientConsents,
  dataExports,
  erasedAccounts,
  intakeAnswers,
  orderLines,
  purchases,
  refunds,
  user,
  userRoles,
  vatInvoices,
  verification,
  voucherEntries,
  vouchers,
} from "~/lib/db/schema.server";
import { readOutbox } from "../support/outbox";
import { type Client, PASSWORD, personalDataKit } from "../support/personal-data-kit";
import { createTestApp } from "../support/test-app";

/**
 * Issue 26, items 1-4 (decision 049), on PGlite and on PostgreSQL: two clients with everything the
 * site can hold about a person; her export holds all of hers and nothing of the other's; closing her
 * account leaves no field anywhere naming her while the books stay whole; the retention job erases
 * exactly what is due, and nothing more after a restart.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let kit: ReturnType<typeof personalDataKit>;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  t = await createTestApp({}, { template: "seeded" });
  kit = personalDataKit(t);
  alice = await kit.seedClient("Aurelia Quintessa", "alice");
  // The other client has less (what the checks look for in hers is her address, name and ids).
  bob = await kit.seedClient("Beatrix Holloway", "bob", false);
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

describe("download my data", () => {
  it("holds every row of hers, in every table, and nothing of another client's", async () => {
    const exported = await collectPersonalData(t.services, alice.id);
    const json = JSON.stringify(exported);
    const mine = await kit.rowsOf(alice.id);
    // Every row of every table with a user_id (tables other features add too) is in the export.
    expect(new Set(mine.map((r) => r.table))).toContain("bookings");
    for (const { table, row } of mine) {
      const key = String(row.id ?? row.email ?? row.user_id);
      expect(json, `${table} row ${key}`).toContain(key);
    }
    // Rows tied to hers through her orders and sessions.
    const orderIds = (
      await t.services.database.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, alice.id))
    ).map((p) => p.id);
    const lines = await t.services.database.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.purchaseId, orderIds));
    const refundRows = await t.services.database.db.select().from(refunds).where(inArray(refunds.purchaseId, orderIds));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(refundRows.length).toBe(2); // a cancelled session, a gift voucher
    for (const row of [...lines, ...refundRows]) expect(json).toContain(row.id);
    expect(json).toContain('"refundLines":[{');
    expect(json).toContain('"reminders":[{');
    // Receipts as they read, for each paid order.
    const shop = (exported as unknown as { shop: { receipts: { subject: string; text: string }[] } }).shop;
    expect(shop.receipts.length).toBeGreaterThanOrEqual(3);
    expect(shop.receipts.some((r) => r.text.includes("Chakra Balance Guide"))).toBe(true);
    // Nothing of Bob's: his address, name, ids, orders.
    for (const other of [bob.email, bob.name, bob.id, bob.bookingId]) expect(json).not.toContain(other);
    // Never a password hash or a session token.
    expect(json).not.toMatch(/"password"|"token"/);
  });

  it("is e-mailed as a link behind sign-in, never as an attachment, and served only to her", async () => {
    const mail = readOutbox(t.dataDir).filter((m) => m.to === alice.email && /data is ready/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toMatch(/\/auth\?redirectTo=%2Faccount%2Fexport%2F[0-9a-f-]{36}/);
    expect(mail[0]?.text).not.toMatch(/Content-Disposition: attachment/i);
    const [row] = await t.services.database.db.select().from(dataExports).where(eq(dataExports.userId, alice.id));
    const mine = await t.app.request(`http://localhost:3000/account/export/${row?.id}`, {
      headers: { cookie: alice.cookie },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toMatch(/attachment; filename=/);
    expect(await mine.text()).toContain(alice.email);
    const his = await t.app.request(`http://localhost:3000/account/export/${row?.id}`, {
      headers: { cookie: bob.cookie },
    });
    expect(his.status).toBe(404);
  });
});

describe("bad input", () => {
  it("gets a clear 4xx from every new page, never a 500", async () => {
    const post = (path: string, body: string, cookie = bob.cookie, type = "application/x-www-form-urlencoded") =>
      t.app.request(`http://localhost:3000${path}`, {
        method: "POST",
        body,
        headers: { cookie, origin: "http://localhost:3000", "content-type": type },
        redirect: "manual",
      });
    const cases: [string, string, string?, string?][] = [
      ["/account", "intent=nothing"],
      ["/account", "intent=email&email=not-an-address"],
      ["/account", "intent=name&fullName=1234"],
      ["/account", "intent=password&currentPassword=&password=short"],
      ["/account", "intent=sign-out-device"],
      ["/account", '{"intent":"export"}', bob.cookie, "application/json"],
      ["/account/close", "word=nope&password=x"],
      ["/account/confirm-email", "token=%00%01"],
      ["/privacy/complaint", "name=&email=x&message=", ""],
      ["/privacy/complaint", `name=A&email=a%40example.com&message=${"x".repeat(6000)}`, ""],
      ["/admin/complaints", "intent=answered&id=1", bob.cookie],
      ["/admin/close-account", "intent=close&userId=x&word=CLOSE", bob.cookie],
    ];
    for (const [path, body, cookie, type] of cases) {
      const res = await post(path, body, cookie, type);
      expect(res.status, `${path} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
    }
    const file = await t.app.request("http://localhost:3000/account/export/not-a-uuid", {
      headers: { cookie: bob.cookie },
    });
    expect(file.status).toBe(404);
  });
});

describe("e-mail preferences", () => {
  it("sends no day-before reminder to a client who turned it off", async () => {
    const [booked] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bob.bookingId));
    const before = readOutbox(t.dataDir).filter((m) => m.to === bob.email).length;
    await sendDueReminders(t.services, new Date((booked?.startsAt.getTime() ?? 0) - 2 * 3_600_000));
    expect(readOutbox(t.dataDir).filter((m) => m.to === bob.email)).toHaveLength(before);
  });
});

describe("close my account", () => {
  it("shows what she gets back, then erases every personal field while the books stay whole", async () => {
    const before = await kit.books();
    const preview = await previewAccountClosure(t.services, alice.id);
    expect(preview.some((line) => /cancelled, £\d+\.\d\d refunded \(100%\)/.test(line))).toBe(true);
    expect(preview.some((line) => /Digital Access membership ends now/.test(line))).toBe(true);
    await expect(
      closeAccount(t.services, { userId: alice.id, by: "client", word: "close", password: "Wrong-Pass-1" }),
    ).rejects.toThrow(/not your current password/);
    await expect(
      closeAccount(t.services, { userId: alice.id, by: "client", word: "yes", password: PASSWORD }),
    ).rejects.toThrow(/type CLOSE/);
    // Two closings at once (a double submit, two tabs): one erasure, one refund of her session.
    const raced = await Promise.allSettled([
      closeAccount(t.services, { userId: alice.id, by: "client", word: "CLOSE", password: PASSWORD }),
      closeAccount(t.services, { userId: alice.id, by: "client", word: "CLOSE", password: PASSWORD }),
    ]);
    expect(raced.some((r) => r.status === "fulfilled")).toBe(true);
    for (const r of raced) if (r.status === "rejected") expect(String(r.reason)).toMatch(/already closed/);

    expect(await kit.findAnywhere(alice.email)).toEqual([]);
    expect(await kit.findAnywhere(alice.name)).toEqual([]);
    expect(await kit.findAnywhere(alice.email.split("@")[0] as string)).toEqual([]);
    // The other client is untouched.
    expect(await kit.findAnywhere(bob.email)).not.toEqual([]);
    // Orders and lines as they were; refunds only what the preview said (her future session).
    const after = await kit.books();
    expect(after.purchases).toEqual(before.purchases);
    expect(after.lines).toEqual(before.lines);
    const [booked] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, alice.bookingId));
    expect(booked?.status).toBe("cancelled");
    expect(after.refunds.cents - before.refunds.cents).toBe(booked?.amountCents);
    // Signed out everywhere, and cannot sign in.
    expect(await t.services.auth.api.getSession({ headers: new Headers({ cookie: alice.cookie }) })).toBeNull();
    await expect(kit.signIn(alice.email)).rejects.toThrow();
    // A later sign-up with the same address starts clean.
    const again = await createVerifiedUser(t.services, {
      email: alice.email,
      password: PASSWORD,
      fullName: alice.name,
    });
    expect(again.id).not.toBe(alice.id);
    expect(await t.services.database.db.select().from(purchases).where(eq(purchases.userId, again.id))).toEqual([]);
    // Closing twice is refused, not repeated.
    await expect(closeAccount(t.services, { userId: alice.id, by: "owner", word: "CLOSE" })).rejects.toThrow(
      /already closed/,
    );
  });
});

describe("the owner closes an account at the client's request", () => {
  it("by the same rules, from the admin page", async () => {
    const cora = await createVerifiedUser(t.services, {
      email: `cora-${randomBytes(3).toString("hex")}@example.com`,
      password: PASSWORD,
      fullName: "Cordelia Vantreight",
    });
    const owner = await createVerifiedUser(t.services, {
      email: `owner-${randomBytes(3).toString("hex")}@example.com`,
      password: PASSWORD,
      fullName: "Olive Owner",
    });
    await t.services.database.db.insert(userRoles).values({ userId: owner.id, role: "admin" });
    const cookie = await kit.signIn(owner.email);
    const page = await t.app.request(
      `http://localhost:3000/admin/close-account?email=${encodeURIComponent(cora.email)}`,
      {
        headers: { cookie },
      },
    );
    expect(await page.text()).toContain("Cordelia Vantreight");
    const closed = await t.app.request("http://localhost:3000/admin/close-account", {
      method: "POST",
      body: new URLSearchParams({ intent: "close", userId: cora.id, word: "CLOSE" }),
      headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(closed.status).toBe(302);
    const [mark] = await t.services.database.db.select().from(erasedAccounts).where(eq(erasedAccounts.userId, cora.id));
    expect(mark?.by).toBe("owner");
    expect(await kit.findAnywhere(cora.email)).toEqual([]);
    expect(await kit.findAnywhere("Cordelia Vantreight")).toEqual([]);
  });
});

describe("retention", () => {
  it("erases exactly what is past its time, and a run after a restart finds nothing more", async () => {
    const { db } = t.services.database;
    const now = new Date();
    const old = new Date(now.getTime() - 8 * 86_400_000);
    const pendingOld = crypto.randomUUID();
    const pendingNew = crypto.randomUUID();
    await db.insert(user).values([
      { id: pendingOld, name: "Never Confirmed", email: `old-${pendingOld}@example.com`, createdAt: old },
      { id: pendingNew, name: "Just Signed", email: `new-${pendingNew}@example.com` },
    ]);
    // A client who answered the health questions and never booked: her answers go two years on.
    const dana = await createVerifiedUser(t.services, {
      email: `dana-${randomBytes(3).toString("hex")}@example.com`,
      password: PASSWORD,
      fullName: "Dana Quietly",
    });
    await answerIntakeFor(t.services, dana);
    const first = await runRetention(t.services, now);
    expect(first?.unconfirmedSignUps).toBe(1);
    expect(first?.healthAnswers).toBe(0);
    expect(first?.closedAccountsDeleted).toBe(0);
    expect(
      await db
        .select()
        .from(user)
        .where(inArray(user.id, [pendingOld, pendingNew])),
    ).toHaveLength(1);

    const threeYears = new Date(now);
    threeYears.setUTCFullYear(threeYears.getUTCFullYear() + 3);
    const answersGone = await runRetention(t.services, threeYears);
    expect(answersGone?.healthAnswers).toBeGreaterThanOrEqual(1);
    expect(answersGone?.expiredExports).toBe(1); // Bob's (Alice's went with her account)
    expect(await db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, dana.id))).toEqual([]);
    expect(await db.select().from(clientConsents).where(eq(clientConsents.userId, dana.id))).not.toEqual([]);

    // Six years on, the books are still due to HMRC (six years after the end of the closing's tax
    // year: `booksKeptUntil`, its own unit test).
    const sixYears = new Date(now);
    sixYears.setUTCFullYear(sixYears.getUTCFullYear() + 6);
    const notYet = await runRetention(t.services, sixYears);
    expect(notYet?.closedAccountsDeleted).toBe(0);

    // Seven years on: the closed account's books go (her VAT invoice with them; the gift voucher she
    // bought stays, without its sale), and so do links and exports now expired.
    const aliceVoucher = (await db.select().from(vouchers).where(eq(vouchers.buyerUserId, alice.id)))[0];
    expect(aliceVoucher?.purchaseId).toBeTruthy();
    const voucherEntriesBefore = await db
      .select()
      .from(voucherEntries)
      .where(eq(voucherEntries.voucherId, aliceVoucher?.id ?? ""));
    expect(voucherEntriesBefore.some((entry) => entry.refundId !== null)).toBe(true);
    const later = new Date(now);
    later.setUTCFullYear(later.getUTCFullYear() + 7);
    const booksBefore = await kit.books();
    const aliceOrders = await db.select().from(purchases).where(eq(purchases.userId, alice.id));
    const second = await runRetention(t.services, later);
    expect(second?.closedAccountsDeleted).toBe(2); // Alice's, and the one the owner closed
    expect(second?.expiredExports).toBe(0);
    expect(await db.select().from(purchases).where(eq(purchases.userId, alice.id))).toEqual([]);
    expect(await db.select().from(erasedAccounts)).toEqual([]);
    expect((await kit.books()).purchases.n).toBe(booksBefore.purchases.n - aliceOrders.length);
    expect(await db.select().from(purchases).where(eq(purchases.userId, bob.id))).toHaveLength(2);
    expect(
      await db
        .select()
        .from(vatInvoices)
        .where(eq(vatInvoices.purchaseId, aliceVoucher?.purchaseId ?? "")),
    ).toEqual([]);
    const [voucherAfter] = await db
      .select()
      .from(vouchers)
      .where(eq(vouchers.id, aliceVoucher?.id ?? ""));
    expect(voucherAfter).toMatchObject({
      purchaseId: null,
      balanceCents: aliceVoucher?.balanceCents,
      status: "refunded",
    });
    const voucherEntriesAfter = await db
      .select()
      .from(voucherEntries)
      .where(eq(voucherEntries.voucherId, aliceVoucher?.id ?? ""));
    expect(voucherEntriesAfter.map(({ refundId: _, ...entry }) => entry)).toEqual(
      voucherEntriesBefore.map(({ refundId: _, ...entry }) => entry),
    );
    expect(voucherEntriesAfter.every((entry) => entry.refundId === null)).toBe(true);
    expect(await db.select().from(verification).where(sql`${verification.expiresAt} < ${later}`)).toEqual([]);

    await t.stop();
    const restarted = await (await import("../support/test-services")).createTestServices(
      {},
      {
        reuse: { dataDir: t.dataDir, databaseUrl: t.databaseUrl },
      },
    );
    t.services = restarted.services;
    const third = await runRetention(t.services, later);
    expect(Object.values(third ?? {}).every((n) => n === 0)).toBe(true);
    await restarted.stop();
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findService } from "~/features/booking/booking-model";
import { changeIntakeForm } from "~/features/clients/change-intake-form.server";
import { eraseClientPersonalData } from "~/features/clients/erase-client-personal-data.server";
import { exportClientPersonalData } from "~/features/clients/export-client-personal-data.server";
import { getIntakeForm } from "~/features/clients/get-intake-form.server";
import { sampleAnswers } from "~/features/clients/intake-test-kit";
import { saveIntakeAnswers } from "~/features/clients/save-intake-answers.server";
import { withdrawHealthConsent } from "~/features/clients/withdraw-health-consent.server";
import {
  clientConsents,
  clientNotes,
  healthDataAccess,
  intakeAnswers,
  intakeForms,
  user,
} from "~/lib/db/schema.server";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "~/lib/zoned-time";
import { adminForm } from "../support/admin-requests";
import { readOutbox } from "../support/outbox";
import { paidVoucher, serviceVoucher } from "../support/paid-voucher";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/**
 * Client records, intake and consent (decision 046), through the pages as a client and the
 * practitioner use them: health data sealed at rest, every read and write logged, a first booking
 * refused without intake, and a withdrawn consent erasing the answers.
 */
let t: Awaited<ReturnType<typeof createTestApp>> & { admin: Awaited<ReturnType<typeof signedInUser>> };
let client: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  const app = await createTestApp();
  const admin = await signedInUser(app.services, "practitioner");
  await app.server.runCommand(app.services, "admin", ["add", admin.email]);
  t = { ...app, admin };
  client = await signedInUser(t.services, "intake");
}, 120_000);
afterAll(() => t.cleanup());

const post = (cookie: string, path: string, fields: Record<string, string>) => adminForm(t.app, cookie, fields, path);
const page = (cookie: string, path: string) =>
  t.app.request(`http://localhost:3000${path}`, { headers: { cookie }, redirect: "manual" });

function openDayAhead(days: number) {
  let day = addDays(zonedDate(new Date()), days);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
}

/** The card checkout of her first booking, paid (the voucher test names it in another session's address). */
let paidCheckout = "";

const SECRET_ANSWER = "Migraines since March; takes propranolol";
const SECRET_NOTE = "Felt heat in the solar plexus; mentioned grief for her father";

const logOf = (clientId: string) =>
  t.services.database.db.select().from(healthDataAccess).where(eq(healthDataAccess.clientId, clientId));

describe("a client's first booking", () => {
  const bookSession = (fields: Record<string, string> = {}) =>
    post(client.cookie, "/book/one-on-one", {
      start: zonedInstant(openDayAhead(9), "11:00").toISOString(),
      place: "in_person",
      express: "on",
      ...fields,
    });

  it("is refused without answers to the health questions, with a message that says what to do", async () => {
    const refused = await bookSession();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Please answer the health questions before booking your session.");
    const bookingPage = await (await page(client.cookie, "/book/one-on-one")).text();
    expect(bookingPage).toContain("Answer the health questions");
  });

  it("refuses answers without the consent box ticked, and stores nothing", async () => {
    const { version, answers } = await sampleAnswers(t.services);
    const fields = Object.fromEntries(Object.entries(answers).map(([id, value]) => [`q-${id}`, value]));
    const res = await post(client.cookie, "/my-sessions/health-questions", {
      intent: "save",
      version: String(version),
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please tick the box to consent");
    const missing = await post(client.cookie, "/my-sessions/health-questions", {
      intent: "save",
      version: String(version),
      consent: "on",
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please answer this question.");
    expect(await t.services.database.db.select().from(intakeAnswers)).toHaveLength(0);
  });

  it("goes ahead once she answers and consents; the answers are stored sealed, with the consent's wording", async () => {
    const { version, answers } = await sampleAnswers(t.services);
    const fields = Object.fromEntries(Object.entries(answers).map(([id, value]) => [`q-${id}`, value]));
    const saved = await post(client.cookie, "/my-sessions/health-questions", {
      intent: "save",
      version: String(version),
      ...fields,
      "q-medication": SECRET_ANSWER,
      consent: "on",
      next: "/book/one-on-one?day=2099-01-01",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/book/one-on-one?day=2099-01-01");

    const [row] = await t.services.database.db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, client.id));
    expect(row?.sealedAnswers).toMatch(/^hd1\./);
    expect(row?.sealedAnswers).not.toContain("propranolol");
    expect(JSON.stringify(row)).not.toContain("Migraines");
    const [consent] = await t.services.database.db
      .select()
      .from(clientConsents)
      .where(eq(clientConsents.userId, client.id));
    expect(consent).toMatchObject({ kind: "health_data", withdrawnAt: null });
    expect(consent?.wording).toContain("I consent to my answers to these health questions being stored");

    const booked = await bookSession();
    expect(booked.status).toBe(302);
    expect(booked.headers.get("location")).toMatch(/^\/demo-checkout\//);
    // Paid, she comes back to the session with the checkout's reference (as from Stripe), is told
    // once, and is sent on to the page's own address.
    const checkout = booked.headers.get("location") ?? "";
    const paid = await post(client.cookie, checkout, { intent: "pay" });
    const back = paid.headers.get("location") ?? "";
    expect(back).toMatch(/^\/my-sessions\/[\w-]+\?session_id=/);
    const told = await page(client.cookie, back);
    expect(told.status).toBe(302);
    expect(told.headers.get("location")).toBe(back.split("?")[0]);
    const flash = (told.headers.getSetCookie().find((line) => line.startsWith("flash=")) ?? "").split(";")[0];
    expect(await (await page(`${client.cookie}; ${flash}`, back.split("?")[0] as string)).text()).toContain(
      "Payment of £50.00 received. A confirmation is on its way to your inbox.",
    );
    paidCheckout = back.split("session_id=")[1] as string;
  });

  it("comes straight back booked when a gift voucher pays it all, and says so", async () => {
    const service = findService("one-on-one") as NonNullable<ReturnType<typeof findService>>;
    const voucher = await paidVoucher(t.services, client, serviceVoucher(service));
    const booked = await bookSession({
      start: zonedInstant(openDayAhead(9), "15:00").toISOString(),
      voucher: voucher.code ?? "",
    });
    expect(booked.status).toBe(302);
    const back = booked.headers.get("location") ?? "";
    expect(back).toMatch(/^\/my-sessions\/[\w-]+$/);
    const flash = (booked.headers.getSetCookie().find((line) => line.startsWith("flash=")) ?? "").split(";")[0];
    const shown = await (await page(`${client.cookie}; ${flash}`, back)).text();
    expect(shown).toContain("Session booked");
    expect(shown).toContain("Paid by your gift voucher.");
    expect(shown).not.toContain("Payment of");
    // Another of her checkouts named in this session's address says nothing of a payment for it.
    const other = await page(client.cookie, `${back}?session_id=${paidCheckout}`);
    expect(other.status).toBe(200);
    expect(await other.text()).not.toContain("Payment of");
  });

  it("asks again when the practitioner changes the form", async () => {
    const added = await post(t.admin.cookie, "/admin/intake-form", {
      intent: "add",
      label: "Have you had Reiki before?",
      kind: "yes_no",
      required: "on",
    });
    expect(added.status).toBe(302);
    const [form] = await t.services.database.db.select().from(intakeForms);
    expect(form?.version).toBe(2);
    const refused = await bookSession({ start: zonedInstant(openDayAhead(9), "14:00").toISOString() });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("The health questions have changed since you last answered them.");
  });
});

describe("the practitioner's record of a client", () => {
  it("shows the answers and her notes, sealed at rest, and logs every read and write", async () => {
    const seen = new Set((await logOf(client.id)).map((line) => line.id));
    const newLines = async () => (await logOf(client.id)).filter((line) => !seen.has(line.id));
    const added = await post(t.admin.cookie, `/admin/clients/${client.id}`, { intent: "add-note", body: SECRET_NOTE });
    expect(added.status).toBe(302);
    const [note] = await t.services.database.db.select().from(clientNotes).where(eq(clientNotes.clientId, client.id));
    expect(note?.sealedBody).toMatch(/^hd1\./);
    expect(JSON.stringify(note)).not.toContain("solar plexus");

    const record = await (await page(t.admin.cookie, `/admin/clients/${client.id}`)).text();
    expect(record).toContain(SECRET_ANSWER);
    expect(record).toContain(SECRET_NOTE);
    expect(record).toContain("Health data access log");
    // A consent's time says its zone, as a record of it must.
    expect(record).toMatch(/given (<!-- -->)?\w+day, \d+ \w+ \d{4}, \d\d:\d\d \(UK time\)/);

    // The note's write, then this page's two reads (answers and notes), each with who did it.
    const lines = await newLines();
    expect(lines.map((line) => `${line.action} ${line.subject}`).sort()).toEqual([
      "read intake",
      "read notes",
      "write notes",
    ]);
    expect(lines.every((line) => line.role === "practitioner" && line.actorLabel.includes(t.admin.email))).toBe(true);

    // A second visit is two more reads.
    await (await page(t.admin.cookie, `/admin/clients/${client.id}`)).text();
    expect(await newLines()).toHaveLength(5);
  });

  it("is the practitioner's alone, and finds clients by name or e-mail", async () => {
    expect((await page(client.cookie, `/admin/clients/${client.id}`)).status).toBe(302);
    expect((await post(client.cookie, `/admin/clients/${client.id}`, { intent: "add-note", body: "x" })).status).toBe(
      403,
    );
    expect((await page(t.admin.cookie, "/admin/clients/no-such-client")).status).toBe(404);
    const found = await (await page(t.admin.cookie, `/admin/clients?q=${client.email.slice(0, 10)}`)).text();
    expect(found).toContain(client.email);
    const none = await (await page(t.admin.cookie, "/admin/clients?q=nobody-by-this-name")).text();
    expect(none).toContain("No client matches this search.");
  });
});

describe("withdrawing consent", () => {
  it("erases her answers, keeps the record of the consent, and tells the practitioner", async () => {
    const res = await post(client.cookie, "/my-sessions/health-questions", { intent: "withdraw" });
    expect(res.status).toBe(302);
    expect(
      await t.services.database.db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, client.id)),
    ).toEqual([]);
    const [consent] = await t.services.database.db
      .select()
      .from(clientConsents)
      .where(eq(clientConsents.userId, client.id));
    expect(consent?.withdrawnAt).toBeInstanceOf(Date);
    const log = await logOf(client.id);
    expect(log.some((line) => line.action === "erase" && line.subject === "intake")).toBe(true);
    const notice = readOutbox(t.dataDir).find((m) => m.subject.startsWith("Health data consent withdrawn"));
    expect(notice?.text).toContain(client.email);
    expect(notice?.text).not.toContain("propranolol");
    // Withdrawn twice: nothing left to withdraw.
    expect((await post(client.cookie, "/my-sessions/health-questions", { intent: "withdraw" })).status).toBe(409);
  });
});

describe("saves and withdrawals racing", () => {
  it("keep one standing consent, and never leave answers under a withdrawn one", async () => {
    const racer = await signedInUser(t.services, "racer");
    const actor = { id: racer.id, name: "Racer", email: racer.email, role: "client" as const };
    const { version, answers } = await sampleAnswers(t.services);
    const save = () =>
      saveIntakeAnswers(t.services, { userId: racer.id, actor, formVersion: version, answers, consent: true });
    const withdraw = () => withdrawHealthConsent(t.services, { userId: racer.id, actor });
    const { db } = t.services.database;
    const standing = async () =>
      (await db.select().from(clientConsents).where(eq(clientConsents.userId, racer.id))).filter(
        (c) => c.kind === "health_data" && c.withdrawnAt === null,
      );

    await Promise.all(Array.from({ length: 6 }, save));
    expect(await standing()).toHaveLength(1);

    for (let round = 0; round < 4; round++) {
      await Promise.allSettled([save(), withdraw(), save()]);
      const [row] = await db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, racer.id));
      const live = await standing();
      expect(live.length).toBeLessThanOrEqual(1);
      // Answers exist only under the one standing consent.
      if (row) expect(row.consentId).toBe(live[0]?.id);
    }
    // Her account deleted: answers, consents and log go with it (the answers' consent key is checked last).
    await db.delete(user).where(eq(user.id, racer.id));
    expect(await db.select().from(clientConsents).where(eq(clientConsents.userId, racer.id))).toEqual([]);
  });
});

describe("the rights work's hooks (issue 26)", () => {
  it("export her records as plain JSON, logged, and erase them all", async () => {
    const actor = { id: t.admin.id, name: "Practitioner", email: t.admin.email, role: "practitioner" as const };
    const exported = await exportClientPersonalData(t.services, { userId: client.id, actor });
    expect(exported.intakeAnswers).toBeNull();
    expect(exported.practitionerNotes.map((n) => n.note)).toEqual([SECRET_NOTE]);
    expect(exported.consents[0]).toMatchObject({ kind: "health_data" });
    expect(exported.healthDataAccessLog.at(-1)).toMatchObject({ action: "export" });
    JSON.parse(JSON.stringify(exported));

    const erased = await t.services.database.db.transaction((tx) => eraseClientPersonalData(tx, client.id));
    expect(erased).toMatchObject({ intakeAnswers: 0, notes: 1 });
    const { db } = t.services.database;
    expect(await db.select().from(clientNotes).where(eq(clientNotes.clientId, client.id))).toEqual([]);
    expect(await db.select().from(clientConsents).where(eq(clientConsents.userId, client.id))).toEqual([]);
    expect(await logOf(client.id)).toEqual([]);
  });
});

describe("two edits of the form at once", () => {
  it("lose neither: each is saved as its own version, or refused and the practitioner asked to reload", async () => {
    const question = (label: string) => ({ label, help: "", kind: "text" as const, options: [], required: false });
    const before = await getIntakeForm(t.services.database.db);
    const labels = ["Any allergies?", "Any injuries?", "Anything else?"];
    const results = await Promise.allSettled(
      labels.map((label) => changeIntakeForm(t.services, t.admin.id, { kind: "add", question: question(label) })),
    );
    const after = await getIntakeForm(t.services.database.db);
    const saved = labels.filter((_, i) => results[i]?.status === "fulfilled");
    expect(saved.length).toBeGreaterThan(0);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict" });
    expect(after.version).toBe(before.version + saved.length);
    expect(after.questions.map((q) => q.label)).toEqual(expect.arrayContaining(saved));
    expect(after.questions).toHaveLength(before.questions.length + saved.length);
  });
});

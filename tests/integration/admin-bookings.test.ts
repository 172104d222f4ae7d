import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerIntakeFor } from "~/features/clients/intake-test-kit";
import { bookingBlocks, bookings, user } from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { adminForm } from "../support/admin-requests";
import { type AdminTestApp, createAdminTestApp } from "../support/admin-test-app";
import { signedInUser } from "../support/shop-accounts";

/** The diary's own forms (block time, availability, the feed), through the admin form kit (decision 042). */
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 120_000);
afterAll(() => t.cleanup());

const diaryForm = (fields: Record<string, string>) => adminForm(t.app, t.admin.cookie, fields, "/admin/bookings");

describe("the diary's forms", () => {
  it("blocks time and removes the block, and says why it refuses a block without its times", async () => {
    const refused = await diaryForm({ intent: "block", date: "2099-01-05", start: "10:00" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give a date, a start and an end time.");

    const blocked = await diaryForm({
      intent: "block",
      date: "2099-01-05",
      start: "10:00",
      end: "12:00",
      note: "<b>Dentist</b>",
    });
    expect(blocked.status).toBe(302);
    const [block] = await t.services.database.db.select().from(bookingBlocks);
    expect(block?.note).not.toContain("<b>");

    expect((await diaryForm({ intent: "unblock", id: "not-a-block" })).status).toBe(404);
    expect((await diaryForm({ intent: "unblock", id: block?.id ?? "" })).status).toBe(302);
    expect(await t.services.database.db.select().from(bookingBlocks)).toHaveLength(0);
  });

  it("refuses a date or time past the years a diary holds with a 400, from her forms and a client's", async () => {
    const far = await diaryForm({ intent: "block", date: "9999-12-31", start: "10:00", end: "12:00" });
    expect(far.status).toBe(400);
    const client = await signedInUser(t.services, "far-future");
    await answerIntakeFor(t.services, client);
    const booking = await t.app.request("/book/one-on-one", {
      method: "POST",
      headers: {
        cookie: client.cookie,
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ start: "9999-12-31T23:59:59.999Z", place: "in_person" }),
    });
    expect(booking.status).toBe(400);
  });

  it("refuses hours that end before they start with the day's name, and an action it does not know", async () => {
    const res = await diaryForm({
      intent: "availability",
      "open-1": "on",
      "start-1": "18:00",
      "end-1": "09:00",
      buffer: "15",
      notice: "24",
      horizon: "60",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Monday: the hours must be a start before an end");
    const unknown = await diaryForm({ intent: "double-book" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown action.");
  });

  it("answers a booking that does not exist with a 404 that says so", async () => {
    const res = await diaryForm({ intent: "attended", id: crypto.randomUUID() });
    expect(res.status).toBe(404);
    expect((await diaryForm({ intent: "cancel", id: "42" })).status).toBe(404);
    expect(await (await diaryForm({ intent: "no_show", id: "42" })).text()).toContain("This booking does not exist.");
  });
});

describe("booking for a client through the form (decision 045)", () => {
  it("books a free time, refuses the same time again with a clear 409, and a client that is not one with a 400", async () => {
    const { db } = t.services.database;
    const clientId = crypto.randomUUID();
    await db
      .insert(user)
      .values({ id: clientId, name: "Phoned Client", email: `phoned-${clientId}@example.com`, emailVerified: true });
    // A Tuesday far ahead: open by default, no 14-day request needed.
    const startsAt = zonedInstant("2099-01-06", "10:00").toISOString();
    const fields = {
      intent: "book",
      clientId,
      serviceId: "one-on-one",
      place: "in_person",
      startsAt,
      payment: "unpaid",
    };
    const book = (more: Record<string, string> = {}) =>
      adminForm(t.app, t.admin.cookie, { ...fields, ...more }, "/admin/bookings/new");
    const first = await book({ note: "<script>x</script> rang on Monday" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/^\/admin\/bookings\?view=day&date=2099-01-06#session-/);
    const [row] = await db.select().from(bookings).where(eq(bookings.userId, clientId));
    expect(row).toMatchObject({ status: "confirmed", amountCents: 0, purchaseId: null });
    expect(row?.note).not.toContain("<");
    const again = await book();
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("That time is not available. Please choose another.");
    expect(
      (await book({ clientId: "nobody", startsAt: zonedInstant("2099-01-06", "15:00").toISOString() })).status,
    ).toBe(400);
    expect((await book({ startsAt: "tomorrow" })).status).toBe(400);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, uploads } from "~/lib/db/schema.server";
import { adminForm, makePng, upload } from "../support/admin-requests";
import { signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

/** Issue 15, item 2: events the owner adds appear on /media-events and the home page until they start. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.services, "owner");
  await t.server.runCommand(t.services, "admin", ["add", admin.email]);
}, 120_000);
afterAll(() => t.cleanup());

const page = async (path: string) => (await t.app.request(`http://localhost:3000${path}`)).text();

/** A UK date `days` from now, as the form's date field sends it. */
const ukDate = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + days * 86_400_000));

const addEvent = (fields: Record<string, string>) =>
  adminForm(
    t.app,
    admin.cookie,
    { intent: "save", time: "19:00", place: "", description: "", bookingUrl: "", ...fields },
    "/admin/events",
  );

describe("events", () => {
  it("says there are none, with Stay Connected, until one is added", async () => {
    const html = await page("/media-events");
    expect(html).toContain("No upcoming events for now");
    expect(html).toContain("Stay Connected");
    expect(await page("/")).not.toContain('data-testid="next-event"');
  });

  it("refuses an event without a place that is not online, and a booking link that is not https", async () => {
    const res = await addEvent({ title: "Circle", date: ukDate(5), bookingUrl: "http://tickets.co.uk" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Place is required unless the event is online");
    expect(html).toContain("Booking link must be a full https:// address.");
    expect(await t.services.database.db.select().from(events)).toHaveLength(0);
  });

  it("lists upcoming events soonest first with their JSON-LD, drops past ones, and shows the next on the home page", async () => {
    expect(
      (await addEvent({ title: "Summer Sound Bath", date: ukDate(40), place: "Glastonbury Town Hall" })).status,
    ).toBe(302);
    expect(
      (
        await addEvent({
          title: "Full Moon Circle",
          date: ukDate(3),
          online: "on",
          bookingUrl: "https://tickets.lumina.co.uk/moon",
          description: "Bring a candle & a blanket.",
        })
      ).status,
    ).toBe(302);
    expect((await addEvent({ title: "Last Year's Retreat", date: ukDate(-10), place: "Bath" })).status).toBe(302);

    const html = await page("/media-events");
    expect(html).not.toContain("No upcoming events for now");
    expect(html).not.toContain("Last Year&#x27;s Retreat");
    expect(html).not.toContain("Last Year's Retreat");
    const moon = html.indexOf("Full Moon Circle");
    const summer = html.indexOf("Summer Sound Bath");
    expect(moon).toBeGreaterThan(0);
    expect(summer).toBeGreaterThan(moon);
    expect(html).toContain("Bring a candle &amp; a blanket.");
    expect(html).toContain("Online");

    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
      .map((m) => JSON.parse(m[1] as string))
      .filter((j) => j["@type"] === "Event");
    expect(ld.map((e) => e.name)).toEqual(["Full Moon Circle", "Summer Sound Bath"]);
    expect(ld[0]).toMatchObject({
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: "https://tickets.lumina.co.uk/moon" },
    });
    expect(ld[1]).toMatchObject({ location: { "@type": "Place", name: "Glastonbury Town Hall" } });
    // 19:00 UK time is stored as the UTC instant it names.
    const [row] = await t.services.database.db.select().from(events);
    const ukClock = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
    }).format(row?.startsAt);
    expect(ukClock).toBe("19:00");

    const home = await page("/");
    expect(home).toContain('data-testid="next-event"');
    expect(home).toContain("Full Moon Circle");
    expect(home).not.toContain("Summer Sound Bath");
  });

  it("edits and removes an event", async () => {
    const rows = await t.services.database.db.select().from(events);
    const moon = rows.find((r) => r.title === "Full Moon Circle");
    const edited = await addEvent({ id: moon?.id ?? "", title: "New Moon Circle", date: ukDate(4), online: "on" });
    expect(edited.status).toBe(302);
    expect(await page("/media-events")).toContain("New Moon Circle");
    const removed = await adminForm(t.app, admin.cookie, { intent: "delete", id: moon?.id ?? "" }, "/admin/events");
    expect(removed.status).toBe(302);
    const html = await page("/media-events");
    expect(html).not.toContain("New Moon Circle");
    expect(html).toContain("Summer Sound Bath");
    const again = await adminForm(t.app, admin.cookie, { intent: "delete", id: moon?.id ?? "" }, "/admin/events");
    expect(again.status).toBe(404);
  });

  it("shows an event's image on /media-events and the home page, with its sizes, and in the JSON-LD", async () => {
    const sent = await upload(t.app, admin.cookie, "photo", "candles.png", await makePng(1600, 900));
    expect(sent.status).toBe(201);
    const photo = (await sent.json()) as { id: string; url: string };
    const res = await addEvent({ title: "Candle Circle", date: ukDate(2), place: "Wells", upload: photo.id });
    expect(res.status).toBe(302);
    const html = await page("/media-events");
    expect(html).toContain(`src="${photo.url}"`);
    expect(html).toMatch(new RegExp(`src="${photo.url}"[^>]*width="480" height="360"`));
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
      .map((m) => JSON.parse(m[1] as string))
      .find((j) => j.name === "Candle Circle");
    expect(ld.image).toEqual([`http://localhost:3000${photo.url.replace("-thumb", "")}`]);
    expect(await page("/")).toContain(`src="${photo.url}"`);

    // Removing the image deletes its two files; the event stays.
    const [row] = (await t.services.database.db.select().from(events)).filter((r) => r.title === "Candle Circle");
    const thumb = await t.app.request(`http://localhost:3000${photo.url}`);
    expect(thumb.status).toBe(200);
    const cleared = await addEvent({
      id: row?.id ?? "",
      title: "Candle Circle",
      date: ukDate(2),
      place: "Wells",
      removeImage: "on",
    });
    expect(cleared.status).toBe(302);
    expect((await t.app.request(`http://localhost:3000${photo.url}`)).status).toBe(404);
    expect(await page("/media-events")).not.toContain(photo.url);
  });

  it("gives an image's upload to its event alone, and removes it with the event (migration 0012)", async () => {
    const { db } = t.services.database;
    const photo = (await (await upload(t.app, admin.cookie, "photo", "drum.png", await makePng())).json()) as {
      id: string;
      url: string;
    };
    expect((await addEvent({ title: "Drum Circle", date: ukDate(3), place: "Frome", upload: photo.id })).status).toBe(
      302,
    );
    const [event] = (await db.select().from(events)).filter((r) => r.title === "Drum Circle");
    const [claimed] = await db.select().from(uploads).where(eq(uploads.id, photo.id));
    expect(claimed).toMatchObject({ eventId: event?.id, productId: null, galleryPhotoId: null, songId: null });
    const taken = await addEvent({ title: "Copy Cat", date: ukDate(3), place: "Frome", upload: photo.id });
    expect(taken.status).toBe(400);
    const removed = await adminForm(t.app, admin.cookie, { intent: "delete", id: event?.id ?? "" }, "/admin/events");
    expect(removed.status).toBe(302);
    expect(await db.select().from(uploads).where(eq(uploads.id, photo.id))).toEqual([]);
    expect((await t.app.request(`http://localhost:3000${photo.url}`)).status).toBe(404);
  });

  it("refuses an image that was not uploaded as a photo", async () => {
    const res = await addEvent({ title: "Ghost", date: ukDate(2), place: "Wells", upload: crypto.randomUUID() });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The uploaded image was not found. Please upload it again.");
  });
});

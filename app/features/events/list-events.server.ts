import { asc, desc, gt } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { events } from "~/lib/db/schema.server";

/** Upcoming events, soonest first: one that has started is no longer listed (no job removes it). */
export function listUpcomingEvents(db: Database, now = new Date(), limit = 50) {
  return db.select().from(events).where(gt(events.startsAt, now)).orderBy(asc(events.startsAt)).limit(limit);
}

/** Every event for the admin, latest first (past ones stay until the owner removes them). */
export function listAllEvents(db: Database, limit = 200) {
  return db.select().from(events).orderBy(desc(events.startsAt)).limit(limit);
}

import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { subscribers, user } from "~/lib/db/schema.server";
import { pageWindow } from "~/lib/pagination";

export const MEMBERS_PAGE_SIZE = 25;

export type MemberStatus = "Active" | "Ends at period end" | "Ended";

/** Digital Access members, live ones first, with what their membership is doing. */
export async function listMembers(db: Database, page: number, now = new Date()) {
  const live = sql`${subscribers.subscribed} and (${subscribers.subscriptionEnd} is null or ${subscribers.subscriptionEnd} > ${now})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        email: subscribers.email,
        name: user.name,
        subscribed: subscribers.subscribed,
        end: subscribers.subscriptionEnd,
        cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
        provider: subscribers.provider,
        live: sql<boolean>`${live}`,
      })
      .from(subscribers)
      .leftJoin(user, eq(user.id, subscribers.userId))
      .orderBy(desc(live), sql`${subscribers.subscriptionEnd} desc nulls last`, subscribers.email)
      .limit(MEMBERS_PAGE_SIZE)
      .offset(pageWindow(page, MEMBERS_PAGE_SIZE).offset),
    db.select({ total: count(), live: sql<number>`count(*) filter (where ${live})`.mapWith(Number) }).from(subscribers),
  ]);
  return {
    members: rows.map((row) => ({
      email: row.email,
      name: row.name,
      provider: row.provider,
      periodEnd: row.end?.toISOString() ?? null,
      status: (row.live ? (row.cancelAtPeriodEnd ? "Ends at period end" : "Active") : "Ended") as MemberStatus,
    })),
    total: counted?.total ?? 0,
    live: counted?.live ?? 0,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}

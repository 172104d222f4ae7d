import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { bookings, orderLines, purchases } from "~/lib/db/schema.server";
import type { TestimonialTopic } from "./model";

/**
 * The services whose sessions make a client of /reiki or /zyto. Named here rather than imported, as
 * booking's model is its own (the boundary rule); a new service needs adding here to count.
 */
const SESSION_SERVICES: Record<Exclude<TestimonialTopic, "shop">, string[]> = {
  reiki: ["one-on-one", "healing-journey", "transformation-journey", "scan-reiki"],
  zyto: ["standard-scan", "scan-spiritual-guidance", "scan-reiki"],
};

/**
 * What makes this person a genuine client for this topic (DMCC Act 2024, Sch. 20: a review must come
 * from someone who has used the service): a session of it they attended (it has ended, it was not
 * cancelled, she did not mark them absent; or she marked it attended), or for the shop a purchase they paid for and kept (not
 * one she gave them: a gift is a reward). Answers a reference to it, or null when there is none.
 */
export async function findTestimonialBasis(
  db: Database,
  userId: string,
  topic: TestimonialTopic,
  now = new Date(),
): Promise<string | null> {
  if (topic === "shop") {
    const [line] = await db
      .select({ purchaseId: purchases.id })
      .from(orderLines)
      .innerJoin(purchases, eq(purchases.id, orderLines.purchaseId))
      .where(
        and(
          eq(purchases.userId, userId),
          eq(purchases.status, "paid"),
          isNull(purchases.note),
          inArray(orderLines.kind, ["product", "membership"]),
          isNull(orderLines.endedAt),
        ),
      )
      .limit(1);
    return line ? `purchase:${line.purchaseId}` : null;
  }
  const [session] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, "confirmed"),
        inArray(bookings.serviceId, SESSION_SERVICES[topic] as (typeof bookings.serviceId._.data)[]),
        // She marked it attended, or it is over and she did not mark the client absent.
        or(eq(bookings.attendance, "attended"), and(lt(bookings.endsAt, now), isNull(bookings.attendance))),
      ),
    )
    .orderBy(sql`${bookings.endsAt} desc`)
    .limit(1);
  return session ? `session:${session.id}` : null;
}

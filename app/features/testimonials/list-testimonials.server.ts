import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { testimonialLog, testimonials, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import type { PublishedTestimonial, TestimonialTopic } from "./model";

/** The newest approved testimonials about these topics. */
export async function listPublishedTestimonials(
  db: Database,
  topics: readonly TestimonialTopic[],
  limit = 6,
): Promise<PublishedTestimonial[]> {
  const rows = await db
    .select()
    .from(testimonials)
    .where(and(eq(testimonials.status, "approved"), inArray(testimonials.topic, [...topics])))
    .orderBy(desc(testimonials.decidedAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    body: row.body,
    topic: row.topic,
    writtenAt: row.createdAt.toISOString(),
    incentivised: row.incentivised,
  }));
}

/** Every testimonial for her page, waiting ones first, each with its log (who did what, when). */
export async function listTestimonialsForOwner(db: Database) {
  const rows = await db
    .select({ testimonial: testimonials, email: user.email })
    .from(testimonials)
    .innerJoin(user, eq(user.id, testimonials.userId))
    .orderBy(desc(testimonials.createdAt))
    .limit(200);
  const log = rows.length
    ? await db
        .select()
        .from(testimonialLog)
        .where(
          inArray(
            testimonialLog.testimonialId,
            rows.map((r) => r.testimonial.id),
          ),
        )
        .orderBy(asc(testimonialLog.at), asc(testimonialLog.id))
    : [];
  const all = rows.map(({ testimonial, email }) => ({
    id: testimonial.id,
    firstName: testimonial.firstName,
    email,
    body: testimonial.body,
    topic: testimonial.topic,
    basis: testimonial.basis,
    incentivised: testimonial.incentivised,
    status: testimonial.status,
    writtenAt: testimonial.createdAt.toISOString(),
    log: log
      .filter((entry) => entry.testimonialId === testimonial.id)
      .map((entry) => ({ action: entry.action, by: entry.actorName, at: entry.at.toISOString() })),
  }));
  return [...all.filter((t) => t.status === "pending"), ...all.filter((t) => t.status !== "pending")];
}

/**
 * For a public page: its testimonials, or none while the database is away, so the page itself still
 * shows (decision 034); a page without testimonials is whole.
 */
const PUBLISHED: CacheSpec = {
  name: "published-testimonials",
  tables: ["testimonials"],
  ttlMs: 5 * 60_000,
  maxEntries: 20,
};

export async function testimonialsForPage(
  services: AppServices,
  topics: readonly TestimonialTopic[],
  limit = 6,
): Promise<PublishedTestimonial[]> {
  try {
    const { db } = services.database;
    // On every visit to the home page, /reiki and /zyto: read once per change (decision 052).
    return await cacheUntilChanged(db, PUBLISHED, `${[...topics].sort().join(",")} ${limit}`, () =>
      listPublishedTestimonials(db, topics, limit),
    );
  } catch (error) {
    services.logger.warn({ err: error }, "testimonials could not be read; the page shows without them");
    return [];
  }
}

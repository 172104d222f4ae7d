import { eq, inArray } from "drizzle-orm";
import { testimonialLog, testimonials } from "~/lib/db/schema.server";
import type { PersonalDataHolder } from "~/lib/personal-data.server";

/**
 * Testimonials' part of "download my data" and "close my account" (decisions 049, 050): what she wrote,
 * with its log. Closing removes them (the review policy promises it): a testimonial names her.
 */
export const testimonialsPersonalData: PersonalDataHolder = {
  name: "testimonials",
  async export(services, userId) {
    const { db } = services.database;
    const written = await db.select().from(testimonials).where(eq(testimonials.userId, userId));
    const log = written.length
      ? await db
          .select()
          .from(testimonialLog)
          .where(
            inArray(
              testimonialLog.testimonialId,
              written.map((t) => t.id),
            ),
          )
      : [];
    return { testimonials: written, log };
  },
  async erase(tx, userId) {
    // The log goes with them (on delete cascade).
    await tx.delete(testimonials).where(eq(testimonials.userId, userId));
    // As the actor of others' log lines (an owner closing her own account): no longer named.
    await tx.update(testimonialLog).set({ actorName: "Closed account" }).where(eq(testimonialLog.actorId, userId));
  },
};

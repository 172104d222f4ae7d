import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { testimonialLog, testimonials } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { findTestimonialBasis } from "./find-testimonial-basis.server";
import { testimonialMessages } from "./model";
import { firstNameOf, type TestimonialForm } from "./testimonial-schema";

/**
 * A client's testimonial, waiting for her to read it. The server decides who may write one (the page
 * only hides the form): a client of what it is about, never an admin (she may not write her own), and
 * one waiting at a time. Stored with what made them a client and logged as submitted.
 */
export async function submitTestimonial(
  services: AppServices,
  writer: { id: string; name: string; isAdmin: boolean },
  form: TestimonialForm,
): Promise<{ id: string }> {
  if (writer.isAdmin) throw new AppError("forbidden", testimonialMessages.ownerCannotWrite);
  const { db } = services.database;
  const basis = await findTestimonialBasis(db, writer.id, form.topic);
  if (!basis) throw new AppError("forbidden", testimonialMessages.notEligible);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    // PGlite: only `tx` in here. Two posts at once: the second sees the first's row once it commits.
    const [waiting] = await tx
      .select({ id: testimonials.id })
      .from(testimonials)
      .where(and(eq(testimonials.userId, writer.id), eq(testimonials.status, "pending")))
      .for("update");
    if (waiting) throw new AppError("conflict", testimonialMessages.alreadyPending);
    await tx.insert(testimonials).values({
      id,
      userId: writer.id,
      firstName: firstNameOf(writer.name),
      body: form.body,
      topic: form.topic,
      basis,
      incentivised: form.incentivised,
    });
    await tx
      .insert(testimonialLog)
      .values({ testimonialId: id, action: "submitted", actorId: writer.id, actorName: writer.name, body: form.body });
  });
  services.logger.info({ testimonialId: id, topic: form.topic }, "testimonial submitted");
  return { id };
}

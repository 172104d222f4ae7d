import { and, eq } from "drizzle-orm";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { AppError } from "~/lib/app-error";
import { testimonialLog, testimonials } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

export const decisionMessages = {
  notFound: "That testimonial no longer exists.",
  alreadyDecided: "That testimonial has already been decided.",
  approved: "Testimonial approved: it now shows on the site.",
  rejected: "Testimonial rejected: it will not be shown.",
  withdrawn: "Testimonial withdrawn: it no longer shows on the site.",
  notShown: "That testimonial is not on the site.",
} as const;

/**
 * Her decision on a waiting testimonial: approved (published as written: she cannot change a word) or
 * rejected; logged with who, when and the words decided on. Only a waiting one can be decided, so two
 * clicks, or two admins at once, decide it once. An approval refreshes the public pages that show it.
 */
export async function decideTestimonial(
  services: AppServices,
  admin: { id: string; name: string },
  id: string,
  decision: "approved" | "rejected",
): Promise<{ body: string }> {
  const { db } = services.database;
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(testimonials)
      .set({ status: decision, decidedAt: new Date() })
      .where(and(eq(testimonials.id, id), eq(testimonials.status, "pending")))
      .returning({ body: testimonials.body });
    if (!row) return null;
    await tx
      .insert(testimonialLog)
      .values({ testimonialId: id, action: decision, actorId: admin.id, actorName: admin.name, body: row.body });
    return row;
  });
  if (!decided) throw await refusal(services, id, decisionMessages.alreadyDecided);
  if (decision === "approved") announcePublicChange(services);
  return decided;
}

/**
 * Takes an approved testimonial off the site (approved by mistake, or the client asked): it stays in
 * her list, marked withdrawn, and the log says who withdrew it and when. Once, like a decision.
 */
export async function withdrawTestimonial(
  services: AppServices,
  admin: { id: string; name: string },
  id: string,
): Promise<void> {
  const { db } = services.database;
  const withdrawn = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(testimonials)
      .set({ status: "withdrawn", decidedAt: new Date() })
      .where(and(eq(testimonials.id, id), eq(testimonials.status, "approved")))
      .returning({ body: testimonials.body });
    if (!row) return false;
    await tx
      .insert(testimonialLog)
      .values({ testimonialId: id, action: "withdrawn", actorId: admin.id, actorName: admin.name, body: row.body });
    return true;
  });
  if (!withdrawn) throw await refusal(services, id, decisionMessages.notShown);
  announcePublicChange(services);
}

/** Why a change found nothing to change: the testimonial is gone, or not in the state it needs. */
async function refusal(services: AppServices, id: string, notInState: string): Promise<AppError> {
  const [exists] = await services.database.db
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(eq(testimonials.id, id));
  return exists ? new AppError("conflict", notInState) : new AppError("not_found", decisionMessages.notFound);
}

import { AppError } from "~/lib/app-error";
import { intakeForms } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { applyChange, type IntakeFormChange } from "./apply-intake-change";
import { getIntakeForm } from "./get-intake-form.server";

/**
 * Saves one edit as the form's next version, so every client is asked again at her next booking.
 * Two edits at once: the second finds its version number taken and is refused, rather than
 * silently dropping the first.
 */
export async function changeIntakeForm(services: AppServices, adminId: string, change: IntakeFormChange) {
  const { db } = services.database;
  const current = await getIntakeForm(db);
  const questions = applyChange(current.questions, change);
  if (questions === current.questions) return current;
  const version = current.version + 1;
  const inserted = await db
    .insert(intakeForms)
    .values({ version, questions, createdBy: adminId })
    .onConflictDoNothing()
    .returning({ version: intakeForms.version });
  if (inserted.length === 0)
    throw new AppError("conflict", "The form was changed at the same time. Please reload the page and try again.");
  return { version, questions };
}

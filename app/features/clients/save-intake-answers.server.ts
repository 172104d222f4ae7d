import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { clientConsents, intakeAnswers } from "~/lib/db/schema.server";
import { keyringOf, sealHealthData } from "~/lib/health-cipher.server";
import type { AppServices } from "~/lib/services.server";
import { getIntakeForm } from "./get-intake-form.server";
import { HEALTH_CONSENT_WORDING, INTAKE_MESSAGES, type IntakeAnswers } from "./intake-model";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";

/** The associated data of a client's sealed answers: they open only in her row. */
export const intakeContext = (userId: string) => `intake:${userId}`;

/**
 * Stores a client's answers to the current form, sealed, with her health data consent: a standing
 * consent is kept, otherwise one is recorded now with its exact wording. Without the box ticked
 * nothing is stored. The write and its log line are one transaction.
 */
export async function saveIntakeAnswers(
  services: AppServices,
  input: { userId: string; actor: HealthDataActor; formVersion: number; answers: IntakeAnswers; consent: boolean },
) {
  if (!input.consent) throw new AppError("invalid_request", INTAKE_MESSAGES.consent);
  const sealed = sealHealthData(keyringOf(services.env), intakeContext(input.userId), JSON.stringify(input.answers));
  await services.database.db.transaction(async (tx) => {
    const form = await getIntakeForm(tx);
    // Answers checked against a form she has since edited would be stored under the wrong questions.
    if (form.version !== input.formVersion)
      throw new AppError("conflict", "The health questions changed while you were answering. Please check them again.");
    // Locked, so a withdrawal at the same moment waits for these answers and then erases them,
    // rather than leaving answers under a consent it has just withdrawn.
    const standing = () =>
      tx
        .select({ id: clientConsents.id })
        .from(clientConsents)
        .where(
          and(
            eq(clientConsents.userId, input.userId),
            eq(clientConsents.kind, "health_data"),
            isNull(clientConsents.withdrawnAt),
          ),
        )
        .for("update");
    let [consent] = await standing();
    if (!consent) {
      // Two saves at once: the partial unique index keeps one standing consent; the other save uses it.
      const [made] = await tx
        .insert(clientConsents)
        .values({ id: randomUUID(), userId: input.userId, kind: "health_data", wording: HEALTH_CONSENT_WORDING })
        .onConflictDoNothing()
        .returning({ id: clientConsents.id });
      [consent] = made ? [made] : await standing();
    }
    if (!consent) throw new AppError("conflict", "Your consent could not be recorded. Please try again.");
    const consentId = consent.id;
    await tx
      .insert(intakeAnswers)
      .values({ userId: input.userId, formVersion: form.version, sealedAnswers: sealed, consentId })
      .onConflictDoUpdate({
        target: intakeAnswers.userId,
        set: { formVersion: form.version, sealedAnswers: sealed, consentId, updatedAt: new Date() },
      });
    await logHealthAccess(tx, {
      clientId: input.userId,
      actor: input.actor,
      action: "write",
      subject: "intake",
      detail: `Answers to version ${form.version} of the form`,
    });
  });
}

import { eq } from "drizzle-orm";
import { intakeAnswers } from "~/lib/db/schema.server";
import { keyringOf, openHealthData } from "~/lib/health-cipher.server";
import type { AppServices } from "~/lib/services.server";
import { getIntakeFormVersion } from "./get-intake-form.server";
import { describeAnswer, type IntakeAnswers, type IntakeQuestion } from "./intake-model";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";
import { intakeContext } from "./save-intake-answers.server";

export type ReadIntake = {
  formVersion: number;
  updatedAt: string;
  answers: IntakeAnswers;
  /** Each question of the version answered, with the answer as a person reads it ("" when skipped). */
  lines: { id: string; label: string; answer: string }[];
  questions: IntakeQuestion[];
};

/** A client's intake answers, opened, or null when she has none. The read is logged before it returns. */
export async function readIntakeAnswers(
  services: AppServices,
  input: { clientId: string; actor: HealthDataActor; purpose: string },
): Promise<ReadIntake | null> {
  const { db } = services.database;
  const [row] = await db.select().from(intakeAnswers).where(eq(intakeAnswers.userId, input.clientId));
  if (!row) return null;
  await logHealthAccess(db, {
    clientId: input.clientId,
    actor: input.actor,
    action: "read",
    subject: "intake",
    detail: input.purpose,
  });
  const answers = JSON.parse(
    openHealthData(keyringOf(services.env), intakeContext(input.clientId), row.sealedAnswers),
  ) as IntakeAnswers;
  const { questions } = await getIntakeFormVersion(db, row.formVersion);
  return {
    formVersion: row.formVersion,
    updatedAt: row.updatedAt.toISOString(),
    answers,
    questions,
    lines: questions.map((q) => ({
      id: q.id,
      label: q.label,
      answer: answers[q.id] === undefined ? "" : describeAnswer(q, answers[q.id] as string),
    })),
  };
}

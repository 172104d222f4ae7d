import type { AppServices } from "~/lib/services.server";
import { getIntakeForm } from "./get-intake-form.server";
import type { IntakeAnswers } from "./intake-model";
import { saveIntakeAnswers } from "./save-intake-answers.server";

/** Answers that satisfy any form: the first option, "no", a date, or words; every question answered. */
export async function sampleAnswers(services: AppServices): Promise<{ version: number; answers: IntakeAnswers }> {
  const form = await getIntakeForm(services.database.db);
  const answers: IntakeAnswers = {};
  for (const q of form.questions)
    answers[q.id] =
      q.kind === "yes_no"
        ? "no"
        : q.kind === "choice"
          ? (q.options[0] as string)
          : q.kind === "date"
            ? "1980-04-02"
            : `Answer to ${q.label}`;
  return { version: form.version, answers };
}

/** A client who has answered the current health questions and consented: she may book (decision 046). */
export async function answerIntakeFor(services: AppServices, account: { id: string; email?: string }) {
  const { version, answers } = await sampleAnswers(services);
  await saveIntakeAnswers(services, {
    userId: account.id,
    actor: { id: account.id, name: "Test Client", email: account.email ?? "", role: "client" },
    formVersion: version,
    answers,
    consent: true,
  });
}

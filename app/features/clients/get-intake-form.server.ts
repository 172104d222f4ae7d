import { desc, eq } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { intakeForms } from "~/lib/db/schema.server";
import { DEFAULT_QUESTIONS, type IntakeForm } from "./intake-model";

/** The current intake form: its latest version, or the default form as version 1 until she edits it. */
export async function getIntakeForm(db: Database | Transaction): Promise<IntakeForm> {
  const [row] = await db
    .select({ version: intakeForms.version, questions: intakeForms.questions })
    .from(intakeForms)
    .orderBy(desc(intakeForms.version))
    .limit(1);
  return row ?? { version: 1, questions: DEFAULT_QUESTIONS };
}

/** The questions of one version (the default form for version 1 when it was never saved). */
export async function getIntakeFormVersion(db: Database | Transaction, version: number): Promise<IntakeForm> {
  const [row] = await db
    .select({ version: intakeForms.version, questions: intakeForms.questions })
    .from(intakeForms)
    .where(eq(intakeForms.version, version));
  return row ?? { version, questions: version === 1 ? DEFAULT_QUESTIONS : [] };
}

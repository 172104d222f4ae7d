import { eq } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { clientConsents, clientNotes, healthDataAccess, intakeAnswers } from "~/lib/db/schema.server";

/**
 * Erases everything client records hold about one person (issue 26 calls this, inside its own
 * transaction; not wired here): intake answers, consents, the practitioner's notes and the access
 * log of them. The notes and the log authored by her as an admin about others are not hers to erase:
 * their author is set to null by the foreign key when her account goes.
 */
export async function eraseClientPersonalData(tx: Transaction, userId: string) {
  const answers = await tx
    .delete(intakeAnswers)
    .where(eq(intakeAnswers.userId, userId))
    .returning({ id: intakeAnswers.userId });
  const notes = await tx.delete(clientNotes).where(eq(clientNotes.clientId, userId)).returning({ id: clientNotes.id });
  const consents = await tx
    .delete(clientConsents)
    .where(eq(clientConsents.userId, userId))
    .returning({ id: clientConsents.id });
  const log = await tx
    .delete(healthDataAccess)
    .where(eq(healthDataAccess.clientId, userId))
    .returning({ id: healthDataAccess.id });
  return { intakeAnswers: answers.length, notes: notes.length, consents: consents.length, accessLog: log.length };
}

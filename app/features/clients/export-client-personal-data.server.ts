import { asc, eq } from "drizzle-orm";
import { clientNotes, healthDataAccess } from "~/lib/db/schema.server";
import { keyringOf, openHealthData } from "~/lib/health-cipher.server";
import type { AppServices } from "~/lib/services.server";
import { noteContext } from "./add-client-note.server";
import { listClientConsents } from "./list-client-consents.server";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";
import { readIntakeAnswers } from "./read-intake-answers.server";

/**
 * Everything client records hold about one person, as plain JSON, for a subject access request
 * (issue 26 calls this; not wired here): her intake answers with their questions, her consents,
 * the practitioner's notes about her and the access log. The export itself is logged.
 */
export async function exportClientPersonalData(
  services: AppServices,
  input: { userId: string; actor: HealthDataActor },
) {
  const { db } = services.database;
  const intake = await readIntakeAnswers(services, {
    clientId: input.userId,
    actor: input.actor,
    purpose: "Personal data export",
  });
  const notes = await db
    .select()
    .from(clientNotes)
    .where(eq(clientNotes.clientId, input.userId))
    .orderBy(asc(clientNotes.createdAt));
  const ring = keyringOf(services.env);
  await logHealthAccess(db, {
    clientId: input.userId,
    actor: input.actor,
    action: "export",
    subject: "notes",
    detail: "Personal data export",
  });
  const log = await db
    .select()
    .from(healthDataAccess)
    .where(eq(healthDataAccess.clientId, input.userId))
    .orderBy(asc(healthDataAccess.at));
  return {
    intakeAnswers: intake
      ? {
          formVersion: intake.formVersion,
          updatedAt: intake.updatedAt,
          answers: intake.lines
            .filter((line) => line.answer !== "")
            .map(({ label, answer }) => ({ question: label, answer })),
        }
      : null,
    // Each record with its id, as the other parts of the export: a request about one names it.
    consents: await listClientConsents(db, input.userId),
    practitionerNotes: notes.map((note) => ({
      id: note.id,
      createdAt: note.createdAt.toISOString(),
      updatedAt: note.updatedAt.toISOString(),
      note: openHealthData(ring, noteContext(input.userId, note.id), note.sealedBody),
    })),
    healthDataAccessLog: log.map((line) => ({
      id: line.id,
      at: line.at.toISOString(),
      who: line.actorLabel,
      role: line.role,
      action: line.action,
      subject: line.subject,
      detail: line.detail,
    })),
  };
}

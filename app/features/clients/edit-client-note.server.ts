import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { clientNotes } from "~/lib/db/schema.server";
import { keyringOf, sealHealthData } from "~/lib/health-cipher.server";
import type { AppServices } from "~/lib/services.server";
import { noteContext } from "./add-client-note.server";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";

export const NOTE_GONE = "That note no longer exists. Please reload the page.";

/** Rewrites one of a client's notes (sealed again, with a new IV); logged in the same transaction. */
export async function editClientNote(
  services: AppServices,
  input: { clientId: string; noteId: string; actor: HealthDataActor; body: string },
) {
  const sealedBody = sealHealthData(keyringOf(services.env), noteContext(input.clientId, input.noteId), input.body);
  await services.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(clientNotes)
      .set({ sealedBody, updatedAt: new Date() })
      .where(and(eq(clientNotes.id, input.noteId), eq(clientNotes.clientId, input.clientId)))
      .returning({ id: clientNotes.id });
    if (changed.length === 0) throw new AppError("not_found", NOTE_GONE);
    await logHealthAccess(tx, {
      clientId: input.clientId,
      actor: input.actor,
      action: "write",
      subject: "notes",
      detail: "Edited a note",
    });
  });
}

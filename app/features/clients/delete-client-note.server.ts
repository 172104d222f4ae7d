import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { clientNotes } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { NOTE_GONE } from "./edit-client-note.server";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";

/** Deletes one of a client's notes; logged in the same transaction. */
export async function deleteClientNote(
  services: AppServices,
  input: { clientId: string; noteId: string; actor: HealthDataActor },
) {
  await services.database.db.transaction(async (tx) => {
    const gone = await tx
      .delete(clientNotes)
      .where(and(eq(clientNotes.id, input.noteId), eq(clientNotes.clientId, input.clientId)))
      .returning({ id: clientNotes.id });
    if (gone.length === 0) throw new AppError("not_found", NOTE_GONE);
    await logHealthAccess(tx, {
      clientId: input.clientId,
      actor: input.actor,
      action: "delete",
      subject: "notes",
      detail: "Deleted a note",
    });
  });
}

import { randomUUID } from "node:crypto";
import { clientNotes } from "~/lib/db/schema.server";
import { keyringOf, sealHealthData } from "~/lib/health-cipher.server";
import type { AppServices } from "~/lib/services.server";
import { requireClient } from "./get-client.server";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";

/** The associated data of a sealed note: it opens only as this note of this client. */
export const noteContext = (clientId: string, noteId: string) => `note:${clientId}:${noteId}`;

/** Adds a private note to a client's record, sealed; the write and its log line are one transaction. */
export async function addClientNote(
  services: AppServices,
  input: { clientId: string; actor: HealthDataActor; body: string },
) {
  const { db } = services.database;
  await requireClient(db, input.clientId);
  const id = randomUUID();
  const sealedBody = sealHealthData(keyringOf(services.env), noteContext(input.clientId, id), input.body);
  await db.transaction(async (tx) => {
    await tx.insert(clientNotes).values({ id, clientId: input.clientId, authorId: input.actor.id, sealedBody });
    await logHealthAccess(tx, {
      clientId: input.clientId,
      actor: input.actor,
      action: "write",
      subject: "notes",
      detail: "Added a note",
    });
  });
  return { id };
}

import { desc, eq } from "drizzle-orm";
import { clientNotes, user } from "~/lib/db/schema.server";
import { keyringOf, openHealthData } from "~/lib/health-cipher.server";
import type { AppServices } from "~/lib/services.server";
import { noteContext } from "./add-client-note.server";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";

export type ClientNote = { id: string; body: string; author: string | null; createdAt: string; updatedAt: string };

/** A client's private notes, newest first, opened; the read is logged before it returns. */
export async function listClientNotes(
  services: AppServices,
  input: { clientId: string; actor: HealthDataActor; purpose: string },
): Promise<ClientNote[]> {
  const { db } = services.database;
  const rows = await db
    .select({ note: clientNotes, author: user.name })
    .from(clientNotes)
    .leftJoin(user, eq(user.id, clientNotes.authorId))
    .where(eq(clientNotes.clientId, input.clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id));
  if (rows.length === 0) return [];
  await logHealthAccess(db, {
    clientId: input.clientId,
    actor: input.actor,
    action: "read",
    subject: "notes",
    detail: `${input.purpose} (${rows.length === 1 ? "1 note" : `${rows.length} notes`})`,
  });
  const ring = keyringOf(services.env);
  return rows.map(({ note, author }) => ({
    id: note.id,
    body: openHealthData(ring, noteContext(input.clientId, note.id), note.sealedBody),
    author,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  }));
}

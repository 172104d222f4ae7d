import { desc, eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { clientConsents } from "~/lib/db/schema.server";

/** Every consent a client gave, newest first, with its wording and whether it was withdrawn. */
export async function listClientConsents(db: Database, clientId: string) {
  const rows = await db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.userId, clientId))
    .orderBy(desc(clientConsents.givenAt), desc(clientConsents.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    wording: row.wording,
    context: row.context,
    givenAt: row.givenAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  }));
}

import { desc, eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { healthDataAccess } from "~/lib/db/schema.server";

/** The latest lines of a client's health data access log, newest first. */
export async function listHealthAccess(db: Database, clientId: string, limit = 50) {
  const rows = await db
    .select()
    .from(healthDataAccess)
    .where(eq(healthDataAccess.clientId, clientId))
    .orderBy(desc(healthDataAccess.at), desc(healthDataAccess.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    who: row.actorLabel,
    role: row.role,
    action: row.action,
    subject: row.subject,
    detail: row.detail,
  }));
}

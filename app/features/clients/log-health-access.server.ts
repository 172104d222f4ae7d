import { randomUUID } from "node:crypto";
import type { Database, Transaction } from "~/lib/db/client.server";
import { healthDataAccess } from "~/lib/db/schema.server";
import type { AccessAction, AccessRole, AccessSubject } from "./clients-model";

/** Who is reading or writing a client's health data. */
export type HealthDataActor = { id: string | null; name: string; email: string; role: AccessRole };

/** A signed-in person as an actor: the practitioner when she is an admin, else the client herself. */
export const actorOf = (account: { id: string; name: string; email: string; isAdmin: boolean }): HealthDataActor => ({
  id: account.id,
  name: account.name,
  email: account.email,
  role: account.isAdmin ? "practitioner" : "client",
});

export const SYSTEM_ACTOR: HealthDataActor = { id: null, name: "The website", email: "", role: "system" };

/**
 * Writes one line of the access log. Called in the same transaction as the write it records, and
 * before a read returns what it read, so no access goes unlogged (a failed log fails the access).
 */
export async function logHealthAccess(
  db: Database | Transaction,
  entry: { clientId: string; actor: HealthDataActor; action: AccessAction; subject: AccessSubject; detail?: string },
) {
  const { actor } = entry;
  await db.insert(healthDataAccess).values({
    id: randomUUID(),
    clientId: entry.clientId,
    actorId: actor.id,
    actorLabel: actor.email ? `${actor.name} <${actor.email}>` : actor.name,
    role: actor.role,
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail ?? "",
  });
}

import { and, eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { user, userRoles } from "~/lib/db/schema.server";

/** ADMIN_EMAILS: a listed address becomes an admin when its owner verifies it. */
export async function grantAdminIfListed(db: Database, adminEmails: string[], account: { id: string; email: string }) {
  if (!adminEmails.includes(account.email.toLowerCase())) return;
  await db.insert(userRoles).values({ userId: account.id, role: "admin" }).onConflictDoNothing();
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return row !== undefined;
}

async function findUserId(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new Error(`No account with the e-mail ${email}.`);
  return row.id;
}

export async function addAdmin(db: Database, email: string): Promise<string> {
  const userId = await findUserId(db, email);
  await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
  return `${email} is an admin.`;
}

export async function removeAdmin(db: Database, email: string): Promise<string> {
  const userId = await findUserId(db, email);
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return `${email} is no longer an admin.`;
}

export async function listAdmins(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(user.email);
  return rows.map((r) => r.email);
}

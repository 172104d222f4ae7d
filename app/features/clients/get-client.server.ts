import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/lib/db/client.server";
import { user, userRoles } from "~/lib/db/schema.server";

export type ClientDetails = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  joinedAt: string;
  isAdmin: boolean;
};

/** One account's contact details, or null. */
export async function getClient(db: Database, clientId: string): Promise<ClientDetails | null> {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      role: userRoles.role,
    })
    .from(user)
    .leftJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")))
    .where(eq(user.id, clientId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    joinedAt: row.createdAt.toISOString(),
    isAdmin: row.role === "admin",
  };
}

export async function requireClient(db: Database, clientId: string): Promise<ClientDetails> {
  const client = await getClient(db, clientId);
  if (!client) throw new AppError("not_found", "No such client.");
  return client;
}

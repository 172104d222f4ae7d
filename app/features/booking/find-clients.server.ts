import { asc, eq, ilike, or } from "drizzle-orm";
import { user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** Accounts whose name or e-mail contains the words typed (the practitioner picking who phoned). */
export async function findClients(services: AppServices, query: string) {
  const words = query.trim().slice(0, 100);
  if (words.length < 2) return [];
  // LIKE's own wildcards in what she typed are matched literally.
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return services.database.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(or(ilike(user.name, pattern), ilike(user.email, pattern)))
    .orderBy(asc(user.name))
    .limit(20);
}

/** One account by its id, as the picker shows it; null when there is none. */
export async function getClient(services: AppServices, id: string) {
  const [row] = await services.database.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}

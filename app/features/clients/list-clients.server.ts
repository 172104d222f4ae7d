import { and, asc, count, ilike, notExists, or, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { intakeAnswers, user, userRoles } from "~/lib/db/schema.server";
import { pageWindow } from "~/lib/pagination";

export const CLIENTS_PAGE_SIZE = 25;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the practitioner's clients (every account that is not an admin), by name, with a
 * search on name or e-mail (any part of either), and whether each has current intake answers.
 */
export async function listClients(db: Database, { q, page }: { q: string; page: number }) {
  const like = `%${escapeLike(q.trim())}%`;
  const where = and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(sql`${userRoles.userId} = ${user.id}`, sql`${userRoles.role} = 'admin'`)),
    ),
    q.trim() ? or(ilike(user.name, like), ilike(user.email, like)) : undefined,
  );
  const { limit, offset } = pageWindow(page, CLIENTS_PAGE_SIZE);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        createdAt: user.createdAt,
        // The outer "user"."id" written out: in a one-table query Drizzle writes ${user.id} as a bare
        // "id" here, which would name a column of the subquery's table if it had one.
        hasIntake: sql<boolean>`exists (select 1 from ${intakeAnswers} where ${intakeAnswers.userId} = ${sql.identifier("user")}.${sql.identifier("id")})`,
      })
      .from(user)
      .where(where)
      .orderBy(asc(sql`lower(${user.name})`), asc(user.email))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return {
    clients: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), hasIntake: Boolean(row.hasIntake) })),
    total: total?.n ?? 0,
    pageSize: CLIENTS_PAGE_SIZE,
  };
}

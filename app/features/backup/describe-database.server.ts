import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";

/** The database itself or a transaction on it. */
export type Queryable = Pick<Database, "execute">;

export type TableLayout = {
  name: string;
  /** Every stored column in table order, with the sequence that numbers it (identity columns). */
  columns: { name: string; generated: boolean; sequence: string | null }[];
  /** Tables this one refers to by foreign key (itself excluded). */
  dependsOn: string[];
};

/**
 * The application's tables as the database catalog describes them, ordered so that every table
 * comes after the tables it refers to. Read from the catalog rather than from the Drizzle schema,
 * so a backup holds whatever the migrations made, and a restore checks the target it really has.
 */
export async function describeTables(db: Queryable): Promise<TableLayout[]> {
  const result = await db.execute(sql`
    select c.relname as name,
      (select json_agg(json_build_object(
          'name', a.attname,
          'generated', a.attgenerated <> '',
          'sequence', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)
        ) order by a.attnum)
        from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
      coalesce((select json_agg(distinct f.relname)
        from pg_constraint k join pg_class f on f.oid = k.confrelid
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid), '[]'::json) as "dependsOn"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  return foreignKeyOrder((result as unknown as { rows: TableLayout[] }).rows);
}

function foreignKeyOrder(tables: TableLayout[]): TableLayout[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableLayout[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: TableLayout, path: string[]) => {
    if (state.get(table.name) === "done") return;
    if (state.get(table.name) === "visiting") {
      // Rows of a cycle could only be inserted with deferred constraints; the schema has none.
      throw new Error(`Foreign keys form a cycle: ${[...path, table.name].join(" -> ")}`);
    }
    state.set(table.name, "visiting");
    for (const dependency of table.dependsOn) {
      const target = byName.get(dependency);
      if (target) visit(target, [...path, table.name]);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** The schema-qualified, quoted name of an application table. */
export const tableIdentifier = (name: string) => sql`${sql.identifier("public")}.${sql.identifier(name)}`;

/** Hashes of the migrations applied to this database, oldest first. */
export async function listAppliedMigrations(db: Queryable): Promise<string[]> {
  const result = await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`);
  return (result as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash);
}

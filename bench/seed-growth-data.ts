/**
 * Grows the bench server's embedded database to (at least) a catalogue size, and gives one customer a
 * purchase history of exactly the given length, with SQL
 * straight into its PGlite folder while the server is stopped (PGlite allows one process per folder).
 * Generated rows are marked (ids starting `bench-`, provider 'bench'); the catalogue only grows.
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

export type GrowthPlans = Record<string, string[]>;

export async function seedGrowthData(
  dataDir: string,
  { products, userId, purchases }: { products: number; userId: string; purchases: number },
): Promise<{ products: number; purchases: number; plans: GrowthPlans }> {
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    // Growing adds rows and never deletes them: PGlite runs PostgreSQL in single-user mode, without
    // autovacuum, so deleted rows would linger and slow later scans in a way a growing shop would not.
    const [{ existing, generated } = { existing: 0, generated: 0 }] = (
      await db.query<{ existing: number; generated: number }>(
        `select count(*)::int as existing, count(*) filter (where id like 'bench-%')::int as generated
         from products where archived_at is null`,
      )
    ).rows;
    // Plain products like the demo ones: a cover, a short and a long description, a few features.
    await db.query(
      `insert into products (id, title, short_description, description, category, product_type, price_cents,
         duration_minutes, image_url, download_url, features, sort_order)
       select 'bench-' || lpad(g::text, 6, '0'), 'Generated Guide ' || g,
         'A generated guide for the growth benchmark.', repeat('A longer description of the generated guide. ', 20),
         'Meditation, Wellness', case when g % 3 = 0 then 'video_course' else 'digital_guide' end,
         500 + (g % 40) * 100, case when g % 3 = 0 then 45 end, '/media/covers/chakra-balance-guide.webp',
         'pdfs/seed-chakra-balance-guide.pdf', array['Generated feature one', 'Generated feature two'], 100 + g
       from generate_series($1::int + 1, $1::int + $2::int) g`,
      [generated, Math.max(0, products - existing)],
    );

    const [{ have } = { have: 0 }] = (
      await db.query<{ have: number }>(
        "select count(*)::int as have from purchases where user_id = $1 and provider = 'bench'",
        [userId],
      )
    ).rows;
    if (have !== purchases) {
      await db.query("delete from purchases where user_id = $1 and provider = 'bench'", [userId]);
      // Each purchase names one or two of the demo products, one minute apart, newest first.
      const bought = (
        await db.query<{ id: string }>(
          "select id from products where id not like 'bench-%' and id <> 'subscription' and archived_at is null order by id",
        )
      ).rows.map((r) => r.id);
      await db.query(
        `insert into purchases (id, user_id, status, created_at, total_amount_cents, product_ids, provider, provider_ref)
         select gen_random_uuid()::text, $1, 'paid', now() - make_interval(mins => g), 1299,
           case when g % 4 = 0
             then array[($2::text[])[1 + g % cardinality($2::text[])], ($2::text[])[1 + (g + 1) % cardinality($2::text[])]]
             else array[($2::text[])[1 + g % cardinality($2::text[])]] end,
           'bench', 'bench-' || g
         from generate_series(1, $3::int) g`,
        [userId, bought, purchases],
      );
    }
    const total = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
    return {
      products: await total("select count(*)::int as n from products where archived_at is null"),
      purchases: await total("select count(*)::int as n from purchases where user_id = $1 and status = 'paid'", [
        userId,
      ]),
      plans: await explainPageQueries(db, userId),
    };
  } finally {
    await db.close();
  }
}

/**
 * Query plans of SQL equivalent to what the paginated loaders run (Drizzle builds the real ones), with
 * the deepest page, to show which indexes they use and how many rows they touch.
 */
async function explainPageQueries(db: PGlite, userId: string): Promise<GrowthPlans> {
  const explain = async (sql: string, params: unknown[]) =>
    (await db.query<{ "QUERY PLAN": string }>(`explain (analyze, costs off, summary off) ${sql}`, params)).rows.map(
      (r) => r["QUERY PLAN"],
    );
  const [{ lastOffset } = { lastOffset: 0 }] = (
    await db.query<{ lastOffset: number }>(
      "select (greatest(count(*) - 1, 0) / 24 * 24)::int as \"lastOffset\" from products where archived_at is null and id <> 'subscription'",
    )
  ).rows;
  const paged = "archived_at is null and id not in ('subscription')";
  const productsPage = (withPlan: boolean) =>
    `select p.*, (select count(*) from products where ${paged}) as total from products p
     where p.archived_at is null and p.id = any(
       array(select id from products where ${paged} order by sort_order, title, id limit 24 offset $1)
       ${withPlan ? "|| array['subscription']::text[]" : ""})
     order by p.sort_order, p.title, p.id`;
  return {
    "products, page 1 (with the plan card)": await explain(productsPage(true), [0]),
    "products, last page": await explain(productsPage(false), [lastOffset]),
    "purchases, page 1": await explain(
      `select id, created_at, total_amount_cents, product_ids,
         (select count(*) from purchases where user_id = $1 and status = 'paid') as total
       from purchases where user_id = $1 and status = 'paid' order by created_at desc, id desc limit 20 offset 0`,
      [userId],
    ),
    "owned products (getShopState, on every shop page for a signed-in customer)": await explain(
      "select product_ids from purchases where user_id = $1 and status = 'paid' and refunded_at is null",
      [userId],
    ),
  };
}

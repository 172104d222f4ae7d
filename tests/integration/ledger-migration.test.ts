import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MigrationDatabase, openMigrationDatabase } from "../support/migration-database";

/**
 * Migration 0010 (the ledger, decision 040) on a database written by the code before it: the rows
 * in tests/fixtures/ledger-before-0010.json were made by that code's own flows (products bought
 * together and refunded, a checkout paid for something already owned, a late cancellation, a
 * Healing Journey looped by the refund attack of issue 22, a Transformation Journey attended).
 * Nothing is lost, and every figure the ledger keeps agrees with the refunds made.
 */
const fixture = JSON.parse(readFileSync(path.resolve("tests/fixtures/ledger-before-0010.json"), "utf8")) as Record<
  string,
  unknown[]
>;
const TABLES = [
  "user",
  "products",
  "purchases",
  "bookings",
  "booking_days",
  "booking_packages",
  "booking_reminders",
  "refunds",
];

let database: MigrationDatabase;
const query = (text: string) => database.query(text);

beforeAll(async () => {
  database = await openMigrationDatabase();
  await database.migrate(10);
  for (const table of TABLES) {
    const rows = JSON.stringify(fixture[table] ?? []).replace(/'/g, "''");
    await query(`insert into "${table}" select * from json_populate_recordset(null::"${table}", '${rows}'::json)`);
  }
  await database.migrate();
}, 120_000);

afterAll(() => database?.close());

const number = (value: unknown) => Number(value ?? 0);

describe("migration 0010 on a database made by the code before the ledger", () => {
  it("keeps every purchase, refund and booking, and gives every purchase its lines", async () => {
    for (const table of ["purchases", "refunds", "bookings", "booking_packages"]) {
      const [row] = await query(`select count(*) as n from "${table}"`);
      expect(number(row?.n), table).toBe((fixture[table] ?? []).length);
    }
    const before = (fixture.refunds ?? []) as { id: string; amount_cents: number }[];
    const after = await query(`select id, amount_cents from refunds`);
    expect(new Map(after.map((r) => [r.id, number(r.amount_cents)]))).toEqual(
      new Map(before.map((r) => [r.id, r.amount_cents])),
    );
    expect(
      await query(
        `select p.id from purchases p where not exists (select 1 from order_lines l where l.purchase_id = p.id)`,
      ),
    ).toEqual([]);
    // What the lines took adds up to what each order took.
    expect(
      await query(
        `select p.id from purchases p where p.total_amount_cents <> (select sum(amount_cents) from order_lines l where l.purchase_id = p.id)`,
      ),
    ).toEqual([]);
    expect(
      await query(
        `select id from purchases where exists (select 1 from unnest(product_ids) u where u like 'booking:%')`,
      ),
    ).toEqual([]);
    expect(
      await query(
        `select column_name from information_schema.columns where table_name = 'purchases' and column_name = 'lines'`,
      ),
    ).toEqual([]);
  });

  it("allocates every refund to its lines, within what each line took, even where the old code paid back more", async () => {
    expect(
      await query(`select l.id from order_lines l where l.refunded_cents > l.amount_cents
        or l.refunded_cents <> coalesce((select sum(amount_cents) from refund_lines r where r.line_id = l.id), 0)`),
    ).toEqual([]);
    const [looped] = await query(`select l.amount_cents, l.refunded_cents,
        (select sum(amount_cents) from refunds r where r.purchase_id = l.purchase_id) as refunds_made
      from order_lines l where l.kind = 'package' and l.amount_cents = 8000`);
    // The attack's refunds are all still recorded; the ledger counts only what the line could give.
    expect(number(looped?.refunds_made)).toBeGreaterThan(8000);
    expect(number(looped?.refunded_cents)).toBe(8000);
    const [late] = await query(`select amount_cents, refunded_cents from order_lines where kind = 'session'`);
    expect({ amount: number(late?.amount_cents), refunded: number(late?.refunded_cents) }).toEqual({
      amount: 5000,
      refunded: 2500,
    });
    // The owner's refund of a whole order: its line refunded and ended.
    const [owner] = await query(`select l.refunded_cents, l.amount_cents, l.ended_at from order_lines l
      join refunds r on r.purchase_id = l.purchase_id and r.reason = 'admin'`);
    expect(number(owner?.refunded_cents)).toBe(number(owner?.amount_cents));
    expect(owner?.ended_at).not.toBeNull();
  });

  it("gives every package its credits, each in one state, worth what the package took", async () => {
    const packs = await query(`select k.id, k.sessions,
        (select count(*) from package_credits c where c.package_id = k.id) as credits,
        (select sum(value_cents) from package_credits c where c.package_id = k.id) as worth,
        (select amount_cents from order_lines l where l.package_id = k.id) as line
      from booking_packages k`);
    expect(packs).toHaveLength(2);
    for (const pack of packs) {
      expect(number(pack.credits)).toBe(number(pack.sessions));
      expect(number(pack.worth)).toBe(number(pack.line));
    }
    const states = await query(`select state, count(*) as n from package_credits group by state order by state`);
    expect(Object.fromEntries(states.map((s) => [s.state, number(s.n)]))).toMatchObject({ attended: 1 });
    // Every live package session holds a credit that says it is booked (or done).
    expect(
      await query(`select b.id from bookings b where b.package_id is not null and b.status = 'confirmed'
        and not exists (select 1 from package_credits c where c.id = b.credit_id and c.state in ('booked', 'attended', 'missed'))`),
    ).toEqual([]);
  });
});

import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/lib/db/client.server";

/**
 * The ledger's invariants (decisions 040, 041, 048) as queries that must find nothing, for the
 * property test `ledger-invariants.db.test.ts`: over one client's orders (a sequence's own, so a
 * failure shrinks), or the whole database.
 */
export async function checkLedgerInvariants(db: Database, userId?: string) {
  const own = (column: string) => (userId ? sql.raw(` and ${column} = '${userId.replace(/'/g, "")}'`) : sql.raw(""));
  const q = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  // No line gives back more than it took, and its running total is its allocations of live refunds.
  expect(
    await q(sql`select l.id from order_lines l
      left join (select rl.line_id, sum(rl.amount_cents) as cents from refund_lines rl
        join refunds r on r.id = rl.refund_id and r.status <> 'failed' group by rl.line_id) a on a.line_id = l.id
      where (l.refunded_cents > l.amount_cents or l.refunded_cents <> coalesce(a.cents, 0))
        ${own("(select user_id from purchases where id = l.purchase_id)")}`),
  ).toEqual([]);
  // No order gives back to a card more than was charged, nor to a voucher more than it paid, nor do
  // its lines take more than the card and the voucher did.
  expect(
    await q(sql`select p.id from purchases p
      where (select coalesce(sum(amount_cents - voucher_cents), 0) from refunds r where r.purchase_id = p.id and r.status <> 'failed') > p.total_amount_cents
        or (select coalesce(sum(voucher_cents), 0) from refunds r where r.purchase_id = p.id and r.status <> 'failed') > p.voucher_cents
        or (select coalesce(sum(amount_cents), 0) from order_lines l where l.purchase_id = p.id) > p.total_amount_cents + p.voucher_cents
        ${own("p.user_id")}`),
  ).toEqual([]);
  // Vouchers (decision 048): each balance is its entries' sum and never below zero; what vouchers paid
  // for orders, less what came back, never exceeds what was paid for them plus what the owner gave;
  // a paid order's voucher part is held by a live redemption of that amount (a released hold taken again).
  expect(
    await q(sql`select v.id from vouchers v
      where v.balance_cents < 0 or v.balance_cents <> (select coalesce(sum(amount_cents), 0) from voucher_entries e where e.voucher_id = v.id)`),
  ).toEqual([]);
  const [money] = await q(sql`select
      coalesce((select -sum(amount_cents) from voucher_entries where kind in ('redeem', 'retake')), 0)
        - coalesce((select sum(amount_cents) from voucher_entries where kind in ('release', 'restore')), 0) as paid_out,
      coalesce((select sum(amount_cents) from voucher_entries where kind in ('issue', 'topup', 'reissue')), 0)
        + coalesce((select sum(amount_cents) from voucher_entries where kind = 'cancel'), 0) as put_in`);
  expect(Number(money?.paid_out)).toBeLessThanOrEqual(Number(money?.put_in));
  expect(
    await q(sql`select p.id from purchases p where p.voucher_cents > 0 and p.status in ('paid', 'refunded')
      and p.voucher_cents <> coalesce((select -sum(e.amount_cents) from voucher_entries e
        where e.purchase_id = p.id and e.kind in ('redeem', 'release', 'retake')), 0)
      ${own("p.user_id")}`),
  ).toEqual([]);
  // Credits: all there (available + booked + used + refunded + expired = bought), worth what the package took.
  expect(
    await q(sql`select k.id from booking_packages k
      left join order_lines l on l.package_id = k.id
      where ((select count(*) from package_credits c where c.package_id = k.id) <> k.sessions
        or (select coalesce(sum(value_cents), 0) from package_credits c where c.package_id = k.id) <> coalesce(l.amount_cents, 0))
        ${own("k.user_id")}`),
  ).toEqual([]);
  // No session both refunded and its credit returned; a booked credit has exactly its one live session.
  expect(
    await q(sql`select b.id from bookings b join refunds r on r.booking_id = b.id and r.status <> 'failed' and r.amount_cents > 0
      join package_credits c on c.id = b.credit_id where c.state <> 'refunded' ${own("b.user_id")}`),
  ).toEqual([]);
  expect(
    await q(sql`select c.id from package_credits c
      where (c.state = 'booked') <> exists (select 1 from bookings b where b.credit_id = c.id and b.status in ('held', 'confirmed'))
        ${own("(select user_id from booking_packages where id = c.package_id)")}`),
  ).toEqual([]);
}

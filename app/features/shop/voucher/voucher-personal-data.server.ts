import { eq, or, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { vouchers } from "~/lib/db/schema.server";

/**
 * One person's gift-voucher data, for the account feature's export and erasure (UK GDPR arts. 15, 17):
 * vouchers they bought (by account) and vouchers sent to them (by e-mail address). Not wired to a page
 * here; the account's export and erase call these.
 */
const mine = (person: { userId: string; email: string }) =>
  or(eq(vouchers.buyerUserId, person.userId), sql`lower(${vouchers.recipientEmail}) = ${person.email.toLowerCase()}`);

export async function exportVoucherData(db: Database, person: { userId: string; email: string }) {
  const rows = await db.select().from(vouchers).where(mine(person));
  return rows.map((v) => ({
    role: v.buyerUserId === person.userId ? ("bought" as const) : ("received" as const),
    code: v.code,
    kind: v.kind,
    valueCents: v.valueCents,
    balanceCents: v.balanceCents,
    status: v.status,
    buyerName: v.buyerName,
    recipientName: v.recipientName,
    recipientEmail: v.recipientEmail,
    message: v.message,
    sendAt: v.sendAt?.toISOString() ?? null,
    sentAt: v.sentAt?.toISOString() ?? null,
    expiresAt: v.expiresAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
  }));
}

/**
 * Erases the names, address and message on one person's vouchers, bought or received. The voucher,
 * its code and its balance stay (money records, and the other person may still hold it); the buyer's
 * link to the account goes when the account is deleted (`ON DELETE SET NULL`). A voucher not yet sent
 * to a recipient whose address is erased is then never sent.
 */
export async function eraseVoucherData(db: Database, person: { userId: string; email: string }): Promise<number> {
  const erased = await db
    .update(vouchers)
    .set({ buyerName: "", recipientName: "", recipientEmail: null, message: "" })
    .where(mine(person))
    .returning({ id: vouchers.id });
  return erased.length;
}

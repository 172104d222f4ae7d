import { voucherEntries, vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { generateVoucherCode } from "./generate-voucher-code.server";
import { deliverDueVouchers } from "./send-voucher.server";
import { purposeOf, voucherExpiry } from "./voucher-model";

export type IssuedVoucher = {
  valueCents: number;
  service?: { id: string; title: string } | undefined;
  recipientName: string;
  recipientEmail: string;
  message: string;
  note: string;
};

/**
 * A voucher the owner gives by hand (a gift to a client, a prize): no order and no money taken, so
 * its value counts as what the owner issued; e-mailed to the recipient now when an address is given.
 */
export async function issueVoucher(services: AppServices, input: IssuedVoucher, now = new Date()) {
  const { db } = services.database;
  const id = crypto.randomUUID();
  const code = generateVoucherCode();
  const kind = input.service ? ("service" as const) : ("amount" as const);
  await db.transaction(async (tx) => {
    await tx.insert(vouchers).values({
      id,
      code,
      kind,
      purpose: purposeOf(kind),
      serviceId: input.service?.id ?? null,
      serviceTitle: input.service?.title ?? null,
      valueCents: input.valueCents,
      status: "active",
      source: "issued",
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail || null,
      message: input.message,
      note: input.note,
      sendAt: input.recipientEmail ? now : null,
      expiresAt: voucherExpiry(now),
    });
    await tx
      .insert(voucherEntries)
      .values({ id: crypto.randomUUID(), voucherId: id, kind: "issue", amountCents: input.valueCents });
  });
  await deliverDueVouchers(services, now);
  return { id, code };
}

import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { user, type Voucher, vouchers } from "~/lib/db/schema.server";
import type { MailAttachment } from "~/lib/mail/mailer.server";
import type { AppServices } from "~/lib/services.server";
import { type VoucherFacts, voucherBuyerEmail, voucherRecipientEmail } from "./voucher-email";
import { renderVoucherPdf, voucherValueText } from "./voucher-pdf.server";

/** The printable voucher of one voucher, as a PDF. */
export async function voucherPdf(services: AppServices, voucher: Voucher): Promise<Uint8Array> {
  const seller = await sellerDetails(services.database.db);
  return renderVoucherPdf({
    brand: seller.brand,
    practitioner: seller.name,
    siteUrl: services.env.PUBLIC_URL.replace(/^https?:\/\//, ""),
    email: seller.email,
    code: voucher.code,
    value: voucherValueText(voucher),
    recipientName: voucher.recipientName,
    buyerName: voucher.buyerName,
    message: voucher.message,
    expiresAt: voucher.expiresAt,
  });
}

async function attachment(services: AppServices, voucher: Voucher): Promise<MailAttachment> {
  const pdf = await voucherPdf(services, voucher);
  return {
    filename: "gift-voucher.pdf",
    content: Buffer.from(pdf).toString("base64"),
    contentType: "application/pdf",
    encoding: "base64",
  };
}

const facts = (services: AppServices, voucher: Voucher): VoucherFacts => ({
  code: voucher.code,
  value: voucherValueText(voucher),
  recipientName: voucher.recipientName,
  buyerName: voucher.buyerName,
  message: voucher.message,
  expiresAt: voucher.expiresAt,
  balanceUrl: `${services.env.PUBLIC_URL}/gift-vouchers/balance`,
  // Where the balance page sends her too: the sessions, each with its booking link (there is no /book).
  bookUrl: `${services.env.PUBLIC_URL}/reiki`,
});

/** Sends the recipient's e-mail (a resend from the owner, or a due one the upkeep claimed). */
export async function sendVoucherToRecipient(services: AppServices, voucher: Voucher): Promise<void> {
  if (!voucher.recipientEmail) return;
  const seller = await sellerDetails(services.database.db);
  await services.mailer.send(
    voucherRecipientEmail(
      seller,
      voucher.recipientEmail,
      facts(services, voucher),
      await attachment(services, voucher),
    ),
  );
}

/** The buyer's copy, with the voucher attached; a failure is logged (the voucher stands). */
export async function sendVoucherToBuyer(services: AppServices, voucherId: string): Promise<void> {
  try {
    const { db } = services.database;
    const [row] = await db
      .select({ voucher: vouchers, email: user.email, name: user.name })
      .from(vouchers)
      .innerJoin(user, eq(user.id, vouchers.buyerUserId))
      .where(eq(vouchers.id, voucherId));
    if (!row) return;
    const seller = await sellerDetails(db);
    await services.mailer.send(
      voucherBuyerEmail(
        seller,
        { email: row.email, name: row.voucher.buyerName || row.name },
        {
          ...facts(services, row.voucher),
          paidCents: row.voucher.valueCents,
          sendAt: row.voucher.sendAt,
          recipientEmail: row.voucher.recipientEmail,
        },
        await attachment(services, row.voucher),
      ),
    );
  } catch (error) {
    services.logger.error({ err: error, voucherId }, "voucher e-mail to the buyer failed");
  }
}

/**
 * Sends every recipient's e-mail that is due, once (issue 25 item 2). Each is claimed by setting its
 * `sent_at` where it is still null, in one statement, so two instances or a retried upkeep never both
 * send it; a send that fails gives its claim back, to be tried on the next round. A voucher refunded or
 * voided before its day is not `active`, so it is never sent. The day was stored as a UTC instant of
 * 09:00 in London, so a clock change between sale and sending moves nothing.
 */
export async function deliverDueVouchers(services: AppServices, now: Date): Promise<number> {
  const { db } = services.database;
  const claimed = await db
    .update(vouchers)
    .set({ sentAt: now })
    .where(
      and(
        eq(vouchers.status, "active"),
        isNull(vouchers.sentAt),
        isNotNull(vouchers.recipientEmail),
        lte(vouchers.sendAt, now),
      ),
    )
    .returning();
  let sent = 0;
  for (const voucher of claimed) {
    try {
      await sendVoucherToRecipient(services, voucher);
      sent += 1;
    } catch (error) {
      services.logger.error({ err: error, voucherId: voucher.id }, "voucher e-mail failed; it will be retried");
      await db
        .update(vouchers)
        .set({ sentAt: null })
        .where(and(eq(vouchers.id, voucher.id), eq(vouchers.sentAt, now)));
    }
  }
  return sent;
}

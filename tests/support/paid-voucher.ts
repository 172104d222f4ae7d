import { eq } from "drizzle-orm";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import { startVoucherCheckout } from "~/features/shop/voucher/start-voucher-checkout.server";
import type { VoucherOrder } from "~/features/shop/voucher/voucher-form";
import { vouchers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

type Order = Parameters<typeof startVoucherCheckout>[2];

/** A £`pounds` voucher's order as the gift voucher page sends it, sent at once to nobody. */
export const amountVoucher = (pounds: number, extra: Partial<VoucherOrder> = {}): Order => ({
  kind: "amount",
  pounds,
  serviceId: "",
  buyerName: "Ann",
  recipientName: "Bea",
  recipientEmail: "",
  message: "",
  sendOn: "",
  ...extra,
});

/** A voucher for one of her sessions or packages, at its price now. */
export const serviceVoucher = (service: { id: string; title: string; priceCents: number }): Order => ({
  ...amountVoucher(0),
  kind: "service",
  serviceId: service.id,
  service: { id: service.id, title: service.title, priceCents: service.priceCents },
});

/** A voucher ordered by `buyer` and paid on the demo page, as the gift voucher page does: its row. */
export async function paidVoucher(services: AppServices, buyer: { id: string; email: string }, order: Order) {
  const { voucherId } = await startVoucherCheckout(services, buyer, order);
  const read = async () =>
    (
      await services.database.db.select().from(vouchers).where(eq(vouchers.id, voucherId))
    )[0] as typeof vouchers.$inferSelect;
  await payDemoCheckout(services, buyer.id, (await read()).purchaseId ?? "");
  return read();
}

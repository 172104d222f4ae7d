import { data } from "react-router";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { getOwnVoucher } from "~/features/shop/voucher/get-voucher-balance.server";
import { voucherPdf } from "~/features/shop/voucher/send-voucher.server";
import { servicesContext } from "~/lib/context";
import { z } from "~/lib/zod";
import type { Route } from "./+types/gift-voucher-pdf";

/** GET /gift-vouchers/:voucherId/voucher.pdf: the buyer's printable copy of a voucher they bought. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const id = z.uuid().safeParse(params.voucherId);
  if (!id.success) throw data(null, { status: 404 });
  const voucher = await getOwnVoucher(services, account.id, id.data);
  if (!voucher) throw data(null, { status: 404 });
  const pdf = await voucherPdf(services, voucher);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="gift-voucher.pdf"',
      "Cache-Control": "private, no-store",
    },
  });
}

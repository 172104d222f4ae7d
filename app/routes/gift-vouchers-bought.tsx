import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { getBoughtVoucher } from "~/features/shop/voucher/get-voucher-balance.server";
import { voucherValueText } from "~/features/shop/voucher/voucher-pdf.server";
import { servicesContext } from "~/lib/context";
import { formatLastDay, formatLongDate } from "~/lib/format-date";
import type { Route } from "./+types/gift-vouchers-bought";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const ref = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!ref || ref.length > 255) throw data(null, { status: 404 });
  const found = await getBoughtVoucher(services, account.id, ref);
  if (!found) throw data(null, { status: 404 });
  const { voucher } = found;
  const sendAt = voucher.sendAt && voucher.sendAt > new Date() ? formatLongDate(voucher.sendAt) : null;
  return {
    paid: voucher.status === "active",
    id: voucher.id,
    code: voucher.code,
    value: voucherValueText(voucher),
    recipientName: voucher.recipientName,
    recipientEmail: voucher.recipientEmail,
    sendAt,
    expires: formatLastDay(voucher.expiresAt),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Your Gift Voucher | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export default function VoucherBought({ loaderData: v }: Route.ComponentProps) {
  if (!v.paid) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-4xl">Confirming Your Payment</h1>
        <p className="mt-4 text-lg text-muted">Your payment is being confirmed. Refresh this page in a moment.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:py-20">
      <h1 className="text-center text-4xl">Thank You for Your Gift</h1>
      <p className="mt-4 text-center text-lg text-muted">
        {v.recipientEmail
          ? v.sendAt
            ? `We will e-mail the voucher to ${v.recipientName} on ${v.sendAt}.`
            : `We have e-mailed the voucher to ${v.recipientName}.`
          : `Print the voucher and give it to ${v.recipientName}.`}{" "}
        A copy is on its way to your inbox.
      </p>
      <dl className={cardClass("mt-8 grid grid-cols-1 sm:grid-cols-[auto_1fr] sm:gap-x-4 sm:gap-y-2 p-5 sm:p-6")}>
        <dt className="text-muted">Code</dt>
        <dd className="mb-2 font-mono font-semibold sm:mb-0" data-testid="voucher-code">
          {v.code}
        </dd>
        <dt className="text-muted">Value</dt>
        <dd className="mb-2 sm:mb-0">{v.value}</dd>
        <dt className="text-muted">Valid until</dt>
        <dd className="mb-2 sm:mb-0">{v.expires}</dd>
      </dl>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={`/gift-vouchers/${v.id}/voucher.pdf`} className={buttonClass("primary")} download>
          Download the voucher (PDF)
        </a>
        <Link to="/gift-vouchers" className={buttonClass("secondary")}>
          Buy another
        </Link>
      </div>
    </section>
  );
}

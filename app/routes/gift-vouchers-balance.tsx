import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { TextField } from "~/components/ui/form-fields";
import { limitGuesses } from "~/features/accounts/limit-guesses.server";
import { getVoucherBalance } from "~/features/shop/voucher/get-voucher-balance.server";
import { voucherGuesses } from "~/features/shop/voucher/reserve-voucher.server";
import { PageHero } from "~/layout/page-hero";
import { AppError } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import { formatLastDay } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/gift-vouchers-balance";

export const meta: Route.MetaFunction = () => [
  { title: "Gift Voucher Balance | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

const STATES = {
  active: "Ready to spend",
  spent: "Fully spent",
  expired: "Expired",
  void: "No longer valid",
  refunded: "Refunded: no longer valid",
  pending: "Not paid for yet",
} as const;

/** POST: what is left on a voucher, for anyone with its code; wrong codes are limited per client. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const code = String((await readForm(request)).get("code") ?? "").trim();
  if (!code || code.length > 40) {
    return data({ error: "Please enter the code printed on the voucher." }, { status: 400 });
  }
  try {
    const found = await limitGuesses(services, voucherGuesses(context.get(requestContext).clientIp), () =>
      getVoucherBalance(services, code),
    );
    return {
      voucher: {
        code: found.code,
        value: found.value,
        kind: found.kind,
        balance: formatAmount(found.balanceCents),
        state: STATES[found.state],
        expires: formatLastDay(found.expiresAt),
        expired: found.state === "expired",
      },
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function VoucherBalance() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const error = answer && "error" in answer ? answer.error : undefined;
  const voucher = answer && "voucher" in answer ? answer.voucher : undefined;
  return (
    <>
      <PageHero
        eyebrow="Gift vouchers"
        title="Check a Gift Voucher"
        intro="See what is left on a voucher and until when."
      />
      <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <Form method="post" noValidate className={cardClass("space-y-4 p-5 sm:p-8")}>
          <TextField
            label="Voucher code"
            name="code"
            autoComplete="off"
            placeholder="GIFT-XXXX-XXXX-XXXX-XXXX"
            inputClassName="font-mono uppercase"
            error={error}
            required
          />
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            Check balance
          </button>
        </Form>
        {voucher ? (
          <div className={cardClass("mt-6 p-5 sm:p-8")} role="status" aria-live="polite">
            <h2 className="text-2xl">{voucher.state}</h2>
            <dl className="mt-4 grid grid-cols-1 sm:grid-cols-[auto_1fr] sm:gap-x-4 sm:gap-y-2">
              <dt className="text-muted">Code</dt>
              <dd className="mb-2 font-mono sm:mb-0">{voucher.code}</dd>
              <dt className="text-muted">{voucher.kind === "service" ? "For" : "Value"}</dt>
              <dd className="mb-2 sm:mb-0">{voucher.value}</dd>
              {voucher.kind === "amount" ? (
                <>
                  <dt className="text-muted">Left to spend</dt>
                  <dd className="mb-2 font-semibold sm:mb-0" data-testid="voucher-balance">
                    {voucher.balance}
                  </dd>
                </>
              ) : null}
              <dt className="text-muted">{voucher.expired ? "Expired on" : "Valid until"}</dt>
              <dd className="mb-2 sm:mb-0">{voucher.expires}</dd>
            </dl>
            <p className="mt-4 text-sm text-muted">
              Enter the code when you book a session or pay in the shop.{" "}
              <Link to="/reiki" className="underline">
                Book a session
              </Link>
            </p>
          </div>
        ) : null}
      </section>
    </>
  );
}

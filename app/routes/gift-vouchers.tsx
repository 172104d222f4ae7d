import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ChoiceCards, SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import { noticeClass } from "~/components/ui/notice";
import { getSessionUser, requireUser } from "~/features/accounts/get-session-user.server";
import { findService, SERVICES } from "~/features/booking/booking-model";
import { startVoucherCheckout } from "~/features/shop/voucher/start-voucher-checkout.server";
import { voucherOrderSchema } from "~/features/shop/voucher/voucher-form";
import { VOUCHER_LIMITS, voucherExpiry } from "~/features/shop/voucher/voucher-model";
import { siteFrom } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
import { AppError, errorData } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { formatLastDay } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { originFrom, pageMeta } from "~/lib/seo";
import { addDays, zonedDate } from "~/lib/zoned-time";
import type { Route } from "./+types/gift-vouchers";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Gift Vouchers",
    description:
      "Give a Reiki session, a ZYTO scan or an amount to spend on anything: a gift voucher, valid for 12 months.",
    path: "/gift-vouchers",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await getSessionUser(request, services);
  const today = zonedDate(new Date());
  return {
    signedIn: Boolean(account),
    services: SERVICES.map((s) => ({ id: s.id, title: s.title, priceCents: s.priceCents })),
    today,
    lastDay: addDays(today, 365),
    // Shown at sale: counted again from the day it is paid.
    validUntil: formatLastDay(voucherExpiry(new Date())),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const form = await readForm(request);
  const submitted = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const parsed = voucherOrderSchema().safeParse(
    Object.fromEntries(Object.entries(submitted).filter(([k, v]) => v !== "" || k === "sendOn")),
  );
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fieldErrors[key] ??= issue.message;
    }
    return data({ fieldErrors, submitted, message: "Please correct the highlighted fields." }, { status: 400 });
  }
  const order = parsed.data;
  const service = order.kind === "service" ? findService(order.serviceId) : undefined;
  if (order.kind === "service" && !service) {
    return data(
      {
        fieldErrors: { serviceId: "Choose a session or package." },
        submitted,
        message: "Please correct the highlighted fields.",
      },
      { status: 400 },
    );
  }
  try {
    const { url } = await startVoucherCheckout(services, account, {
      ...order,
      service: service ? { id: service.id, title: service.title, priceCents: service.priceCents } : undefined,
    });
    return redirect(url);
  } catch (error) {
    if (error instanceof AppError) return errorData(error, services.logger);
    throw error;
  }
}

type Refused = { fieldErrors?: Record<string, string>; submitted?: Record<string, string>; message?: string };

export default function GiftVouchers({ loaderData }: Route.ComponentProps) {
  const { signedIn, services, today, lastDay, validUntil } = loaderData;
  const refused = useActionData<typeof action>() as Refused | undefined;
  const errors = refused?.fieldErrors ?? {};
  const was = refused?.submitted ?? {};
  const [kind, setKind] = useState<"amount" | "service">(was.kind === "service" ? "service" : "amount");
  const [when, setWhen] = useState<"now" | "date">(was.sendOn ? "date" : "now");
  const busy = useNavigation().state !== "idle";
  // A refused order: the first field to correct gets the focus, which brings it into view (the form
  // is long, and the button she pressed is at its foot).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused?.fieldErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  return (
    <>
      <PageHero
        eyebrow="Gift vouchers"
        title="Give the Gift of Healing"
        intro={`A Reiki session, a ZYTO scan, or an amount to spend on anything in the shop or on sessions. Every voucher is valid for ${VOUCHER_LIMITS.validMonths} months.`}
      />
      <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <Form
          ref={formRef}
          method="post"
          noValidate
          className={cardClass("space-y-6 p-5 sm:p-8")}
          aria-labelledby="voucher-heading"
        >
          <h2 id="voucher-heading" className="text-2xl">
            Your gift voucher
          </h2>
          {signedIn ? null : (
            <p className="rounded-lg bg-plum-50 p-3 text-sm">
              <Link to="/auth?redirectTo=%2Fgift-vouchers" className="font-semibold underline">
                Sign in to buy
              </Link>{" "}
              (or create an account): your receipt and the voucher are kept there.
            </p>
          )}
          {refused?.message ? (
            <p role="alert" className={noticeClass("error")}>
              {refused.message}
            </p>
          ) : null}
          <ChoiceCards<typeof kind>
            legend="What would you like to give?"
            name="kind"
            choices={[
              { value: "amount", label: "An amount to spend" },
              { value: "service", label: "A session or package" },
            ]}
            value={kind}
            onChange={setKind}
          />
          {kind === "amount" ? (
            <TextField
              label="Amount in pounds"
              name="pounds"
              type="number"
              inputMode="numeric"
              min={VOUCHER_LIMITS.minPounds}
              max={VOUCHER_LIMITS.maxPounds}
              step={1}
              defaultValue={was.pounds ?? "50"}
              hint="From £10 to £500, to spend on sessions, packages and anything in the shop."
              error={errors.pounds}
              required
            />
          ) : (
            <SelectField
              label="Session or package"
              name="serviceId"
              defaultValue={was.serviceId ?? services[0]?.id}
              options={services.map((s) => ({ value: s.id, label: `${s.title} (${formatAmount(s.priceCents)})` }))}
              hint="It pays for that session whatever its price when it is booked."
              error={errors.serviceId}
            />
          )}
          <TextField
            label="Your name"
            name="buyerName"
            defaultValue={was.buyerName}
            error={errors.buyerName}
            required
            autoComplete="name"
          />
          <TextField
            label="Their name"
            name="recipientName"
            defaultValue={was.recipientName}
            error={errors.recipientName}
            required
          />
          <TextField
            label="Their e-mail address"
            name="recipientEmail"
            type="email"
            defaultValue={was.recipientEmail}
            error={errors.recipientEmail}
            hint="Leave it empty to print the voucher and hand it over yourself."
          />
          <TextAreaField
            label="Your message (optional)"
            name="message"
            rows={3}
            maxLength={VOUCHER_LIMITS.messageLength}
            defaultValue={was.message}
            error={errors.message}
          />
          <ChoiceCards<typeof when>
            legend="When should we e-mail it?"
            name="when"
            choices={[
              { value: "now", label: "As soon as it is paid" },
              { value: "date", label: "On a date" },
            ]}
            value={when}
            onChange={setWhen}
          />
          {when === "date" ? (
            <TextField
              label="Send on (UK date; it arrives at 9am)"
              name="sendOn"
              type="date"
              min={today}
              max={lastDay}
              defaultValue={was.sendOn || today}
              error={errors.sendOn}
            />
          ) : (
            <input type="hidden" name="sendOn" value="" />
          )}
          <p className="text-sm text-muted" data-testid="voucher-expiry">
            Valid until {validUntil} (12 months from purchase). Refundable within 14 days while none of it has been
            spent.
          </p>
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            Continue to payment
          </button>
          <p className="text-center text-sm">
            Have a voucher?{" "}
            <Link to="/gift-vouchers/balance" className="underline">
              Check its balance
            </Link>
          </p>
        </Form>
      </section>
    </>
  );
}

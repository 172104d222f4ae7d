import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FormErrors, messagesOf, TextField } from "~/components/ui/form-fields";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { parsePounds } from "~/features/admin/product-form-schema";
import { extendVoucher } from "~/features/shop/voucher/extend-voucher.server";
import { issueVoucher } from "~/features/shop/voucher/issue-voucher.server";
import { listVouchers } from "~/features/shop/voucher/list-vouchers.server";
import { resendVoucher } from "~/features/shop/voucher/resend-voucher.server";
import { voidVoucher } from "~/features/shop/voucher/void-voucher.server";
import { VOUCHER_LIMITS } from "~/features/shop/voucher/voucher-model";
import { voucherValueText } from "~/features/shop/voucher/voucher-pdf.server";
import { servicesContext } from "~/lib/context";
import { formatLastDay, formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { refusalOf, valuesFrom } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { zonedDate } from "~/lib/zoned-time";
import type { Route } from "./+types/admin-vouchers";

export const meta: Route.MetaFunction = () => [
  { title: "Gift Vouchers | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  const rows = await listVouchers(services.database.db, { q });
  const now = new Date();
  return {
    q,
    today: zonedDate(now),
    vouchers: rows.map(({ voucher: v, spentCents }) => ({
      id: v.id,
      code: v.code,
      value: voucherValueText(v),
      kind: v.kind,
      purpose: v.purpose === "single" ? "Single-purpose" : "Multi-purpose",
      source: v.source === "sold" ? `Sold ${formatLongDate(v.createdAt)}` : `Issued ${formatLongDate(v.createdAt)}`,
      soldFor: formatAmount(v.valueCents),
      from: v.buyerName,
      to: [v.recipientName, v.recipientEmail].filter(Boolean).join(" · "),
      sent: v.sentAt
        ? `Sent ${formatLongDate(v.sentAt)}`
        : v.sendAt && v.recipientEmail
          ? `To send ${formatLongDate(v.sendAt)}`
          : "Not e-mailed",
      spent: formatAmount(Math.max(0, spentCents)),
      left: formatAmount(v.balanceCents),
      expires: formatLastDay(v.expiresAt),
      state:
        v.status === "active"
          ? v.expiresAt <= now
            ? "Expired"
            : v.balanceCents === 0
              ? "Spent"
              : "Active"
          : v.status === "void"
            ? "Void"
            : v.status === "refunded"
              ? "Refunded"
              : "Awaiting payment",
      active: v.status === "active",
      canSend: v.status === "active" && Boolean(v.recipientEmail),
    })),
  };
}

const messages = {
  invalid: "Please correct the highlighted fields.",
  amount: `An amount is in pounds, from £1.00 to £${VOUCHER_LIMITS.maxPounds}.00.`,
  name: "Enter the name of the person it is for.",
  email: "Enter a valid e-mail address, or leave it empty.",
  day: "Choose the voucher's new last day.",
  notFound: "That voucher was not found.",
} as const;

const back = (description: string) => ({ redirectTo: "/admin/vouchers", toast: { title: "Success", description } });
const text = (max: number) => z.string().trim().max(max).default("").transform(sanitiseText);

const intents = {
  issue: intent({
    schema: z.object({
      amount: z.string().transform((v, ctx) => {
        const cents = parsePounds(v);
        if (cents === null || cents < 100 || cents > VOUCHER_LIMITS.maxPounds * 100) {
          ctx.addIssue({ code: "custom", message: messages.amount });
          return z.NEVER;
        }
        return cents;
      }),
      recipientName: text(VOUCHER_LIMITS.nameLength).pipe(z.string().min(1, messages.name)),
      recipientEmail: z
        .string()
        .trim()
        .default("")
        .refine((v) => v === "" || z.email().safeParse(v).success, messages.email),
      message: text(VOUCHER_LIMITS.messageLength),
      note: text(200),
    }),
    handler: async (input, { services }) => {
      const { code } = await issueVoucher(services, { ...input, valueCents: input.amount });
      return back(`Voucher ${code} issued.`);
    },
  }),
  void: intent({
    schema: z.object({ id: reference(z.uuid(), messages.notFound), note: text(200) }),
    handler: async ({ id, note }, { services }) => {
      await voidVoucher(services, id, note);
      return back("Voucher voided.");
    },
  }),
  extend: intent({
    schema: z.object({
      id: reference(z.uuid(), messages.notFound),
      lastDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, messages.day),
    }),
    handler: async ({ id, lastDay }, { services }) => {
      const until = await extendVoucher(services, id, lastDay);
      return back(`Voucher valid until ${formatLastDay(until)}.`);
    },
  }),
  resend: intent({
    schema: z.object({ id: reference(z.uuid(), messages.notFound) }),
    handler: async ({ id }, { services }) => back(`Voucher sent again to ${await resendVoucher(services, id)}.`),
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    describeInvalid: () => messages.invalid,
  });

const empty = { amount: "", recipientName: "", recipientEmail: "", message: "", note: "" };

export default function AdminVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { vouchers, q, today } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "issue");
  const errors = refused?.fieldErrors ?? {};
  const values = valuesFrom(empty, refused?.submitted);
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Gift Vouchers</h1>
        <p className="mt-1 text-muted">
          Vouchers sold and issued. Money is taken when a voucher is sold; spending it is not a second sale.
        </p>
        <details className={cardClass("mt-8 p-5 sm:p-6")} open={Boolean(refused)}>
          <summary className="cursor-pointer font-semibold text-plum-900">Issue a voucher by hand</summary>
          <Form
            method="post"
            noValidate
            className="mt-4 grid gap-4 sm:grid-cols-2"
            key={refused ? "again" : `new-${vouchers.length}`}
          >
            <input type="hidden" name="intent" value="issue" />
            <FormErrors messages={messagesOf(errors)} className="sm:col-span-2" />
            <TextField
              label="Amount (£)"
              name="amount"
              inputMode="decimal"
              defaultValue={values.amount}
              error={errors.amount}
              required
            />
            <TextField
              label="For (name)"
              name="recipientName"
              defaultValue={values.recipientName}
              error={errors.recipientName}
              required
            />
            <TextField
              label="Their e-mail (sent now)"
              name="recipientEmail"
              type="email"
              defaultValue={values.recipientEmail}
              error={errors.recipientEmail}
            />
            <TextField
              label="Message on the voucher"
              name="message"
              defaultValue={values.message}
              error={errors.message}
            />
            <TextField
              label="Your note (not shown to them)"
              name="note"
              defaultValue={values.note}
              error={errors.note}
              className="sm:col-span-2"
            />
            <button type="submit" className={buttonClass("primary", "sm:col-span-2 sm:justify-self-start")}>
              Issue voucher
            </button>
          </Form>
        </details>
        <Form method="get" className="mt-8 flex flex-wrap items-end gap-3" role="search">
          <TextField
            label="Search vouchers"
            name="q"
            defaultValue={q}
            placeholder="Code, name or e-mail"
            className="min-w-0 flex-1"
          />
          <button type="submit" className={buttonClass("secondary")}>
            Search
          </button>
        </Form>
        {vouchers.length === 0 ? (
          <p className={cardClass("mt-6 p-8 text-center text-muted")}>
            {q ? "No vouchers match." : "No vouchers yet."}
          </p>
        ) : (
          <ul className="mt-6 space-y-3" aria-label="Gift vouchers">
            {vouchers.map((v) => (
              <li key={v.id} className={cardClass("p-5")} data-testid="voucher-row">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-semibold break-all">{v.code}</span>
                  <span className="rounded-full bg-plum-100 px-3 py-0.5 text-xs font-semibold text-plum-800">
                    {v.state}
                  </span>
                  <span className="text-xs text-muted">{v.purpose}</span>
                </div>
                <p className="mt-1 text-sm text-plum-900">
                  {v.value} · {v.source}
                  {v.from ? ` · from ${v.from}` : ""}
                  {v.to ? ` · for ${v.to}` : ""}
                </p>
                <p className="text-sm text-muted">
                  {v.sent} · spent {v.spent} · left {v.left} · valid until {v.expires}
                </p>
                {v.active ? (
                  <div className="mt-3 flex flex-wrap items-end gap-3">
                    {v.canSend ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="id" value={v.id} />
                        <button type="submit" className={buttonClass("secondary")}>
                          Resend e-mail<span className="sr-only">: {v.code}</span>
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="extend" />
                      <input type="hidden" name="id" value={v.id} />
                      <TextField label="New last day" name="lastDay" type="date" min={today} required />
                      <button type="submit" className={buttonClass("secondary")}>
                        Extend<span className="sr-only">: {v.code}</span>
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="void" />
                      <input type="hidden" name="id" value={v.id} />
                      <button type="submit" className={buttonClass("secondary", "text-red-800")}>
                        Void<span className="sr-only">: {v.code}</span>
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

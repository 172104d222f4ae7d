import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FormErrors, messagesOf, TextAreaField, TextField } from "~/components/ui/form-fields";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { COMPLAINT_DAYS } from "~/features/rights/complaint-dates";
import { complaintSchema, submitComplaint } from "~/features/rights/complaints.server";
import { PageHero } from "~/layout/page-hero";
import { AppError, describeError } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/privacy-complaint";

export const meta: Route.MetaFunction = () => [
  { title: "Data-protection complaint | Sacred Healing" },
  {
    name: "description",
    content: "Tell us if you are unhappy with how we use your personal data. We acknowledge every complaint at once.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.get(servicesContext));
  return { name: me?.name ?? "", email: me?.email ?? "" };
}

type Field = "name" | "email" | "message";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const me = await getSessionUser(request, services);
  const form = Object.fromEntries(await readForm(request));
  const parsed = complaintSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
    const submitted = {
      name: String(form.name ?? ""),
      email: String(form.email ?? ""),
      message: String(form.message ?? ""),
    };
    return data({ ok: false as const, errors, submitted }, { status: 400 });
  }
  try {
    const { reference, answerBy } = await submitComplaint(services, parsed.data, {
      userId: me?.id ?? null,
      ip: context.get(requestContext).clientIp,
    });
    return { ok: true as const, reference, answerBy: formatLongDate(answerBy), email: parsed.data.email };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, body } = describeError(error);
    const submitted = { name: parsed.data.name, email: parsed.data.email, message: parsed.data.message };
    return data(
      { ok: false as const, errors: { message: body.message } as Partial<Record<Field, string>>, submitted },
      { status },
    );
  }
}

/**
 * The acknowledgement, in place of the form: the page is scrolled back to its top (the form was long,
 * and on a phone the short card would otherwise open below the fold, out of sight).
 */
function Received({ reference, email, answerBy }: { reference: string; email: string; answerBy: string }) {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <>
      <PageHero title="Complaint received" />
      <div className="mx-auto max-w-2xl px-4 pb-20 sm:px-6">
        <div role="status" className={cardClass("space-y-3 p-6 sm:p-8")}>
          <p>
            Thank you. Your complaint has the reference <strong>{reference}</strong>, and we have sent an
            acknowledgement to {email}.
          </p>
          <p>We will answer you by {answerBy} at the latest.</p>
        </div>
      </div>
    </>
  );
}

export default function PrivacyComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) return <Received {...actionData} />;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values = refused?.submitted ?? { ...loaderData, message: "" };
  return (
    <>
      <PageHero
        title="Data-protection complaint"
        intro={`If you are unhappy with how we use your personal data, tell us here. We acknowledge every complaint by e-mail at once and answer within ${COMPLAINT_DAYS} days.`}
      />
      <div className="mx-auto max-w-2xl space-y-6 px-4 pb-20 sm:px-6">
        <Form method="post" className={cardClass("space-y-4 p-6 sm:p-8")} noValidate>
          <FormErrors messages={messagesOf(refused?.errors ?? {})} lead="Please check the form:" />
          <TextField
            label="Your name"
            name="name"
            defaultValue={values.name}
            autoComplete="name"
            required
            error={refused?.errors.name}
          />
          <TextField
            label="Your e-mail address"
            name="email"
            type="email"
            defaultValue={values.email}
            autoComplete="email"
            required
            error={refused?.errors.email}
          />
          <TextAreaField
            label="Your complaint"
            name="message"
            rows={7}
            defaultValue={values.message}
            required
            hint="What happened, and what you would like us to do."
            error={refused?.errors.message}
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            Send my complaint
          </button>
        </Form>
        <p className="text-sm text-muted">
          You can also complain to the Information Commissioner's Office (ICO), the UK regulator: ico.org.uk, telephone
          0303 123 1113. See our{" "}
          <Link to="/privacy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </>
  );
}

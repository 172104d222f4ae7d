import { Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/form-fields";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { ConfirmActionDialog } from "~/features/admin/confirm-action-dialog";
import { getIntakeForm } from "~/features/clients/get-intake-form.server";
import { getIntakeStatus } from "~/features/clients/get-intake-status.server";
import { checkIntakeAnswers, HEALTH_CONSENT_WORDING, INTAKE_MESSAGES } from "~/features/clients/intake-model";
import { listClientConsents } from "~/features/clients/list-client-consents.server";
import { actorOf } from "~/features/clients/log-health-access.server";
import { readIntakeAnswers } from "~/features/clients/read-intake-answers.server";
import { saveIntakeAnswers } from "~/features/clients/save-intake-answers.server";
import { IntakeQuestionField } from "~/features/clients/ui/intake-question-field";
import { withdrawHealthConsent } from "~/features/clients/withdraw-health-consent.server";
import { PageHero } from "~/layout/page-hero";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/my-health-questions";

/** Where to go after saving: a booking page (with its chosen day) or My Sessions, never elsewhere. */
const nextSchema = z
  .string()
  .regex(/^\/(book\/[a-z0-9-]+(\?[\w=&%.:-]*)?|my-sessions)$/)
  .catch("/my-sessions");

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const url = new URL(request.url);
  const form = await getIntakeForm(services.database.db);
  const status = await getIntakeStatus(services, account.id);
  const stored = await readIntakeAnswers(services, {
    clientId: account.id,
    actor: actorOf(account),
    purpose: "Opened her health questions",
  });
  const consent = (await listClientConsents(services.database.db, account.id)).find(
    (c) => c.kind === "health_data" && c.withdrawnAt === null,
  );
  return {
    form,
    status,
    answers: stored?.answers ?? {},
    consentGiven: consent ? formatLongDate(consent.givenAt) : null,
    next: nextSchema.parse(url.searchParams.get("next") ?? "/my-sessions"),
  };
}

const intents = {
  save: intent({
    schema: async ({ services }) => {
      const form = await getIntakeForm(services.database.db);
      return z.record(z.string(), z.unknown()).transform((sent, ctx) => {
        const checked = checkIntakeAnswers(form.questions, sent);
        if (!checked.ok)
          for (const [field, message] of Object.entries(checked.fieldErrors))
            ctx.addIssue({ code: "custom", path: [field], message });
        if (sent.consent !== "on")
          ctx.addIssue({ code: "custom", path: ["consent"], message: INTAKE_MESSAGES.consent });
        if (!checked.ok || sent.consent !== "on") return z.NEVER;
        return {
          answers: checked.answers,
          version: Number(sent.version),
          next: nextSchema.parse(sent.next),
        };
      });
    },
    title: "Health questions",
    handler: async (input, { request, services }) => {
      const account = await requireUser(request, services);
      await saveIntakeAnswers(services, {
        userId: account.id,
        actor: actorOf(account),
        formVersion: input.version,
        answers: input.answers,
        consent: true,
      });
      return {
        redirectTo: input.next,
        toast: { title: "Thank you", description: "Your answers are saved. Only your practitioner can read them." },
      };
    },
  }),
  withdraw: intent({
    schema: z.object({}),
    handler: async (_input, { request, services }) => {
      const account = await requireUser(request, services);
      await withdrawHealthConsent(services, { userId: account.id, actor: actorOf(account) });
      return {
        redirectTo: "/my-sessions",
        toast: {
          title: "Consent withdrawn",
          description: "Your health answers are erased and your practitioner has been told.",
        },
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireUser,
    describeInvalid: () => "Please check the answers marked below.",
  });

/**
 * The refused answers' messages, each naming its question ('Please answer this question: Are you
 * pregnant?'), in the form's order, then the consent's: the same message four times said nothing.
 */
function summaryOf(questions: readonly { id: string; label: string }[], errors: Partial<Record<string, string>>) {
  const lines = questions.flatMap((question) => {
    const message = errors[`q-${question.id}`];
    return message ? [`${message.replace(/\.$/, "")}: ${question.label}`] : [];
  });
  return errors.consent ? [...lines, errors.consent] : lines;
}

export const meta: Route.MetaFunction = () => [
  { title: "Health questions | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export default function MyHealthQuestions({ loaderData }: Route.ComponentProps) {
  const { form, status, answers, consentGiven, next } = loaderData;
  const actionData = useActionData<typeof action>();
  useActionToast(actionData);
  const refused = refusalOf(actionData, "save");
  const busy = useNavigation().state !== "idle";
  const shownAnswer = (id: string) => {
    const posted = refused?.submitted[`q-${id}`];
    return typeof posted === "string" ? posted : (answers[id] ?? "");
  };
  return (
    <>
      <PageHero
        title="Health questions"
        intro="Before your first session, a few questions about your health help your practitioner keep you safe and shape the session around you. Only she can read your answers."
      />
      <section className="mx-auto max-w-2xl space-y-8 px-4 pb-20 sm:px-6">
        {status.message && status.answeredVersion !== null ? (
          <p role="status" className="rounded-lg bg-plum-100 p-3 text-sm">
            {status.message}
          </p>
        ) : null}
        <Form
          method="post"
          noValidate
          className={cardClass("space-y-6 p-4 sm:p-6")}
          aria-labelledby="questions-heading"
        >
          <h2 id="questions-heading" className="text-2xl">
            Your answers
          </h2>
          <p className="text-sm text-muted">Questions marked * need an answer.</p>
          <FormErrors
            messages={refused ? summaryOf(form.questions, refused.fieldErrors) : []}
            lead="Please check these answers:"
          />
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={form.version} />
          <input type="hidden" name="next" value={next} />
          {form.questions.map((question) => (
            <IntakeQuestionField
              key={question.id}
              question={question}
              value={shownAnswer(question.id)}
              error={refused?.fieldErrors[`q-${question.id}`]}
            />
          ))}
          <div className="rounded-lg border border-plum-200 bg-cream p-4">
            <label className="flex gap-3 text-sm">
              <input
                type="checkbox"
                name="consent"
                aria-invalid={refused?.fieldErrors.consent ? true : undefined}
                className="mt-0.5 size-5 shrink-0 accent-plum-700"
              />
              <span>{HEALTH_CONSENT_WORDING}</span>
            </label>
            {refused?.fieldErrors.consent ? (
              <p className="mt-2 text-sm text-red-800">{refused.fieldErrors.consent}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              {busy ? "Saving…" : "Save my answers"}
            </button>
            <Link to={next} className="underline">
              Back
            </Link>
          </div>
        </Form>
        {consentGiven ? (
          <div className={cardClass("p-4 sm:p-6")}>
            <h2 className="text-2xl">Your consent</h2>
            <p className="mt-2 text-sm">
              You gave your consent on {consentGiven}. You can withdraw it at any time: your answers are then erased,
              and you will be asked again before your next booking.
            </p>
            <div className="mt-4">
              <ConfirmActionDialog
                trigger="Withdraw consent"
                triggerLabel="Withdraw consent and erase my health answers"
                triggerClassName={buttonClass("secondary")}
                title="Withdraw your consent?"
                description="Your health answers will be erased now and your practitioner told. You will need to answer again before your next booking."
                confirm="Withdraw and erase"
                busy="Withdrawing…"
                fields={{ intent: "withdraw" }}
              />
            </div>
          </div>
        ) : null}
      </section>
    </>
  );
}

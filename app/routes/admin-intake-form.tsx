import { Form, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { CheckboxField, FormErrors, inputClass, TextAreaField, TextField } from "~/components/ui/form-fields";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { ConfirmActionDialog } from "~/features/admin/confirm-action-dialog";
import { changeIntakeForm } from "~/features/clients/change-intake-form.server";
import { getIntakeForm } from "~/features/clients/get-intake-form.server";
import {
  addQuestionSchema,
  moveQuestionSchema,
  removeQuestionSchema,
  updateQuestionSchema,
} from "~/features/clients/intake-form-schema";
import {
  INTAKE_LIMITS,
  type IntakeQuestion,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionKind,
} from "~/features/clients/intake-model";
import { servicesContext } from "~/lib/context";
import { refusalOf, type SubmittedValues } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
import type { Route } from "./+types/admin-intake-form";

export const meta: Route.MetaFunction = () => [
  { title: "Intake Form | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  return { form: await getIntakeForm(services.database.db) };
}

const saved = (version: number) => ({
  redirectTo: "/admin/intake-form",
  toast: {
    title: "Intake form saved",
    description: `Now version ${version}: clients answer it again before their next booking.`,
  },
});

const intents = {
  add: intent({
    schema: addQuestionSchema,
    title: "Add a question",
    handler: async (question, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      return saved((await changeIntakeForm(services, admin.id, { kind: "add", question })).version);
    },
  }),
  update: intent({
    schema: updateQuestionSchema,
    title: "Save the question",
    handler: async ({ id, ...question }, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      return saved((await changeIntakeForm(services, admin.id, { kind: "update", id, question })).version);
    },
  }),
  move: intent({
    schema: moveQuestionSchema,
    handler: async ({ id, direction }, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      return saved((await changeIntakeForm(services, admin.id, { kind: "move", id, direction })).version);
    },
  }),
  remove: intent({
    schema: removeQuestionSchema,
    handler: async ({ id }, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      return saved((await changeIntakeForm(services, admin.id, { kind: "remove", id })).version);
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, { guard: requireAdminWrite });

/** The fields of one question (new or edited), filled from the question or from a refused post. */
function QuestionFields({
  question,
  submitted,
  errors,
}: {
  question: Partial<IntakeQuestion>;
  submitted: SubmittedValues | undefined;
  errors: Partial<Record<string, string>>;
}) {
  const text = (name: string, fallback: string) => {
    const posted = submitted?.[name];
    return typeof posted === "string" ? posted : fallback;
  };
  const kind = text("kind", question.kind ?? "text") as QuestionKind;
  return (
    <div className="space-y-3">
      <TextField
        label="Question"
        name="label"
        required
        maxLength={INTAKE_LIMITS.label}
        defaultValue={text("label", question.label ?? "")}
        error={errors.label}
      />
      <TextField
        label="Hint (optional)"
        name="help"
        maxLength={INTAKE_LIMITS.help}
        defaultValue={text("help", question.help ?? "")}
        error={errors.help}
      />
      <div>
        <label className="block text-sm font-semibold text-plum-900">
          Kind of answer
          <select name="kind" defaultValue={kind} className={inputClass}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {QUESTION_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        {errors.kind ? <p className="mt-1 text-sm text-red-800">{errors.kind}</p> : null}
      </div>
      <TextAreaField
        label="Options, one per line (for a choice)"
        name="options"
        rows={4}
        defaultValue={text("options", (question.options ?? []).join("\n"))}
        error={errors.options}
      />
      <CheckboxField
        label="An answer is required"
        name="required"
        defaultChecked={submitted ? submitted.required === "on" : (question.required ?? true)}
        inputClassName="size-5 accent-plum-700"
      />
    </div>
  );
}

export default function AdminIntakeForm({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData;
  const actionData = useActionData<typeof action>();
  useActionToast(actionData);
  const busy = useNavigation().state !== "idle";
  const addRefused = refusalOf(actionData, "add");
  const updateRefused = refusalOf(actionData, "update");
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Intake Form</h1>
        <p className="mt-1 text-muted">
          Version {form.version}. Clients answer these questions before their first session. Every change makes a new
          version, and clients answer again before their next booking.
        </p>
        <ol className="mt-8 space-y-4" aria-label="Questions">
          {form.questions.map((question, index) => (
            <li key={question.id} className={cardClass("p-4 sm:p-5")}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-muted">
                    {index + 1}. {QUESTION_KIND_LABELS[question.kind]}
                    {question.required ? " · required" : " · optional"}
                  </p>
                  <p className="font-semibold break-words text-plum-900">{question.label}</p>
                  {question.help ? <p className="text-sm text-muted">{question.help}</p> : null}
                  {question.options.length ? (
                    <p className="mt-1 text-sm">Options: {question.options.join(" · ")}</p>
                  ) : null}
                </div>
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="id" value={question.id} />
                    <input type="hidden" name="direction" value="up" />
                    <button
                      type="submit"
                      className={buttonClass("secondary", "min-h-11 px-3")}
                      disabled={busy || index === 0}
                      aria-label={`Move “${question.label}” up`}
                    >
                      ↑
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="id" value={question.id} />
                    <input type="hidden" name="direction" value="down" />
                    <button
                      type="submit"
                      className={buttonClass("secondary", "min-h-11 px-3")}
                      disabled={busy || index === form.questions.length - 1}
                      aria-label={`Move “${question.label}” down`}
                    >
                      ↓
                    </button>
                  </Form>
                </div>
              </div>
              <div className="mt-3 flex flex-wrap items-start gap-4">
                <details className="min-w-0 flex-1 open:basis-full" open={updateRefused?.submitted.id === question.id}>
                  <summary className="cursor-pointer text-sm font-semibold text-plum-700 underline">
                    Edit<span className="sr-only"> “{question.label}”</span>
                  </summary>
                  <Form method="post" noValidate className="mt-3 space-y-3">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="id" value={question.id} />
                    <QuestionFields
                      question={question}
                      submitted={updateRefused?.submitted.id === question.id ? updateRefused.submitted : undefined}
                      errors={updateRefused?.submitted.id === question.id ? updateRefused.fieldErrors : {}}
                    />
                    <button type="submit" className={buttonClass("primary")} disabled={busy}>
                      Save question
                    </button>
                  </Form>
                </details>
                <ConfirmActionDialog
                  trigger="Remove"
                  triggerLabel={`Remove “${question.label}”`}
                  triggerClassName="text-sm font-semibold text-red-800 underline"
                  title="Remove this question?"
                  description="Answers already given keep it; clients will not be asked it again."
                  confirm="Remove question"
                  busy="Removing…"
                  fields={{ intent: "remove", id: question.id }}
                />
              </div>
            </li>
          ))}
        </ol>
        <section aria-labelledby="add-heading" className={cardClass("mt-10 p-4 sm:p-6")}>
          <h2 id="add-heading" className="text-2xl">
            Add a question
          </h2>
          {/* A new version is a new, empty form. */}
          <Form key={form.version} method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="add" />
            <FormErrors messages={addRefused?.errors ?? []} />
            <QuestionFields question={{}} submitted={addRefused?.submitted} errors={addRefused?.fieldErrors ?? {}} />
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Add question
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}

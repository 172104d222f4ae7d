/**
 * One way to write an admin page's action (decision 042). A route lists what its forms may ask for,
 * one intent each (the form's hidden `intent` field), with the schema that parses it and the handler
 * that does it; the kit does the rest the same way on every page:
 *
 *   const intents = {
 *     "switch-off": intent({
 *       schema: z.object({ id: reference(z.uuid(), messages.notFound) }),
 *       handler: async ({ id }, { services }) => {
 *         await switchOff(services, id);
 *         return { redirectTo: "/admin/discounts", toast: { title: "Success", description: messages.off } };
 *       },
 *     }),
 *   };
 *   export const action = ({ request, context }: Route.ActionArgs) =>
 *     runIntent(request, context.get(servicesContext), intents, { guard: requireAdminWrite });
 *
 * and the page shows the answer with `useActionToast(actionData)`, `refusalOf(actionData, "create")`
 * and the field components of `~/components/ui/form-fields`.
 *
 * In order: the guard (before the form is read), the form (`readForm`: a body that is no form is a
 * 400), the intent (one the page does not have is a 400 "Unknown action."), the schema (refused: 400,
 * or 404 for a `reference` that names nothing, with the messages by field and the values as posted),
 * the handler. What the handler throws is answered once, here: an `AppError` with its status and
 * message (decision 025), anything else logged and answered as a 500 that tells nothing. Redirects and
 * responses the handler or the guard throw pass through.
 */
import { data } from "react-router";
import { describeError, type ErrorCode } from "~/lib/app-error";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";
import type { ActionData, ActionFailure, ActionToast, FieldErrors, SubmittedValues } from "./action-data";

export type IntentContext = { request: Request; services: AppServices; form: FormData };

/** What a handler answers: a redirect with a toast, a toast on the same page, or its own response. */
export type IntentOutcome = { redirectTo: string; toast: ActionToast } | { toast: ActionToast } | Response;

export type Intent<Schema extends z.ZodType = z.ZodType> = {
  /** The schema, or for rules that need the database (the products a code may name), one made per request. */
  schema: Schema | ((context: IntentContext) => Promise<Schema>);
  /** What the schema parses, from the form; its text fields (`formValues`) unless said otherwise. */
  read?: (form: FormData) => unknown;
  handler: (input: z.output<Schema>, context: IntentContext) => Promise<IntentOutcome>;
  /** The title of this intent's refusal toasts, over the page's (`RunOptions`). */
  title?: string;
  /** An AppError with one of these codes is also shown under the named field. */
  errorFields?: Partial<Record<ErrorCode, string>>;
  /** What to say when something unexpected fails, instead of the general "Something went wrong". */
  unexpected?: string;
};

/** Declares an intent with its handler's input typed by its schema. */
export const intent = <Schema extends z.ZodType>(definition: Intent<Schema>): Intent<Schema> => definition;

export type RunOptions = {
  /** Who may post: checked before the form is read (it throws its redirect or 403). */
  guard: (request: Request, services: AppServices) => Promise<unknown>;
  /** What a post without an `intent` field asks for (a page with one form); none by default. */
  defaultIntent?: string;
  /** The title of the toast for a form the schema refused; "Validation Error" by default. */
  invalidTitle?: string;
  /** The title of the toast for a refusal; the AppError's own title by default. */
  refusedTitle?: string;
  /** The toast's text for a refused form, from its messages in order; the first by default. */
  describeInvalid?: (messages: string[]) => string;
};

const UNKNOWN_INTENT = "Unknown action.";

/**
 * A value from a hidden field that names something (a row's id). One that cannot name anything is
 * refused with `message` and a 404, the answer the feature gives for a well-formed one it does not find
 * (or with a 400, where a page has always said so).
 */
export function reference<Schema extends z.ZodType>(schema: Schema, message: string, status: 400 | 404 = 404) {
  return z.unknown().transform((value, ctx): z.output<Schema> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message, params: { status } });
    return z.NEVER;
  });
}

/** The form's text fields; a name sent more than once is a list. Files are left out. */
export function formValues(form: FormData): SubmittedValues {
  const values: SubmittedValues = {};
  for (const name of new Set(form.keys())) {
    const texts = form.getAll(name).filter((value): value is string => typeof value === "string");
    if (texts.length === 1) values[name] = texts[0] as string;
    else if (texts.length > 1) values[name] = texts;
  }
  return values;
}

export async function runIntent(
  request: Request,
  services: AppServices,
  intents: Record<string, Intent>,
  options: RunOptions,
): Promise<Response | ReturnType<typeof data<ActionData>>> {
  await options.guard(request, services);
  const form = await readForm(request);
  const name = String(form.get("intent") ?? options.defaultIntent ?? "");
  const submitted = formValues(form);
  const refuse = (status: number, toast: ActionToast, errors: string[], fieldErrors: FieldErrors = {}) =>
    data<ActionData>(
      {
        ok: false,
        intent: name,
        toast: { ...toast, variant: "destructive" },
        errors,
        fieldErrors,
        submitted,
      } satisfies ActionFailure,
      { status },
    );

  const chosen = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!chosen) {
    return refuse(400, { title: options.refusedTitle ?? "Error", description: UNKNOWN_INTENT }, [UNKNOWN_INTENT]);
  }

  const context: IntentContext = { request, services, form };
  const schema = typeof chosen.schema === "function" ? await chosen.schema(context) : chosen.schema;
  const parsed = schema.safeParse(chosen.read ? chosen.read(form) : submitted);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field !== undefined && !fieldErrors[String(field)]) fieldErrors[String(field)] = issue.message;
    }
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    const gone = parsed.error.issues.some((issue) => issue.code === "custom" && issue.params?.status === 404);
    const status = gone ? 404 : 400;
    const description = options.describeInvalid ? options.describeInvalid(messages) : (messages[0] ?? "");
    const title = chosen.title ?? options.invalidTitle ?? "Validation Error";
    return refuse(status, { title, description }, messages, fieldErrors);
  }

  let outcome: IntentOutcome;
  try {
    outcome = await chosen.handler(parsed.data, context);
  } catch (error) {
    // A redirect or a response thrown on purpose (a guard inside a feature) is the answer itself.
    if (!(error instanceof Error)) throw error;
    const { status, body } = describeError(error);
    if (status >= 500) services.logger.error({ err: error, intent: name }, "admin action failed");
    const message = status >= 500 && chosen.unexpected ? chosen.unexpected : body.message;
    const field = chosen.errorFields?.[body.code];
    const title = chosen.title ?? options.refusedTitle ?? body.error;
    return refuse(status, { title, description: message }, [message], field ? { [field]: message } : {});
  }

  if (outcome instanceof Response) return outcome;
  const toast = { variant: "default" as const, ...outcome.toast };
  if ("redirectTo" in outcome) return redirectWithToast(outcome.redirectTo, toast, services.env);
  return data<ActionData>({ ok: true, intent: name, toast });
}

/**
 * The one shape every admin action answers with when it does not redirect (decision 042): a toast,
 * and for a refused form its messages by field and the values as they were posted, so the page shows
 * the form again as the person typed it. Built on the server by `runIntent`, read by the page with
 * `useActionToast` and the field components. Shared by both sides, so it holds no I/O.
 */

/** A toast as action data carries it (the same fields as the toast component's input). */
export type ActionToast = { title: string; description?: string; variant?: "default" | "destructive" | "warning" };

/** The form's text fields as posted: a name sent more than once (ticked boxes) is a list. */
export type SubmittedValues = Record<string, string | string[]>;

/** The first message for each field the server refused, by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

export type ActionFailure = {
  ok: false;
  /** Which of the page's intents was refused, so only its form opens again with the errors. */
  intent: string;
  toast: ActionToast;
  /** Every message, in the form's order, without repeats. */
  errors: string[];
  fieldErrors: FieldErrors;
  submitted: SubmittedValues;
};

export type ActionSuccess = { ok: true; intent: string; toast: ActionToast };

export type ActionData = ActionFailure | ActionSuccess;

/** The refusal of `intent`, if that is what the action data says. */
export function refusalOf(actionData: ActionData | undefined, intent?: string): ActionFailure | undefined {
  if (!actionData || actionData.ok) return undefined;
  return intent === undefined || actionData.intent === intent ? actionData : undefined;
}

type FormShape = Record<string, string | boolean | readonly string[]>;

/**
 * A form's values after a refusal: each field as it was posted, shaped like `defaults` (a checkbox
 * is ticked when it was posted, a list stays a list when one box was ticked). Without a refusal,
 * `defaults` as they are.
 */
export function valuesFrom<T extends FormShape>(defaults: T, submitted: SubmittedValues | undefined): T {
  if (!submitted) return defaults;
  const values: FormShape = { ...defaults };
  for (const [name, fallback] of Object.entries(defaults)) {
    const posted = submitted[name];
    if (typeof fallback === "boolean") values[name] = posted === "on";
    else if (Array.isArray(fallback)) values[name] = posted === undefined ? [] : [posted].flat();
    else values[name] = typeof posted === "string" ? posted : (posted?.[0] ?? "");
  }
  return values as T;
}

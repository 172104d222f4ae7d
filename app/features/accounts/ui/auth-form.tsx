import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { type FieldErrors, fieldErrors, firstMessage, signInSchema, signUpSchema } from "../auth-schemas";
import { PasswordField } from "./password-field";

export type Mode = "signin" | "signup" | "forgot";

/**
 * The /auth form for one mode: its fields, checked in the browser with the schemas the server uses
 * (the server checks again), and the first field to fix focused.
 */
export function AuthForm({
  mode,
  locked,
  submitting,
  serverErrors,
}: {
  mode: Mode;
  locked: boolean;
  submitting: boolean;
  serverErrors: FieldErrors | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>(undefined);
  const errors = clientErrors ?? serverErrors ?? {};

  // Errors found by the server (also after a submission made before the scripts loaded) take the
  // visitor to the first field to fix, as the browser's own check does.
  useEffect(() => {
    const firstInvalid = serverErrors ? Object.keys(serverErrors)[0] : undefined;
    if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
  }, [serverErrors]);

  // Validate in the browser with the same schemas the server uses; the server checks again.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (mode === "forgot") return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    const result = (mode === "signup" ? signUpSchema : signInSchema).safeParse(values);
    if (!result.success) {
      event.preventDefault();
      const found = fieldErrors(result.error);
      setClientErrors(found);
      showToast({ title: "Authentication Error", description: firstMessage(found), variant: "destructive" });
      const firstInvalid = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    } else {
      setClientErrors(undefined);
    }
  };

  const submitLabel = submitting
    ? "Processing..."
    : mode === "signup"
      ? "Create Account"
      : mode === "forgot"
        ? "Send reset link"
        : "Sign In";

  return (
    <Form method="post" ref={formRef} onSubmit={onSubmit} noValidate className="mt-6">
      <fieldset disabled={locked || submitting} className="space-y-4">
        <legend className="sr-only">{mode === "signup" ? "Create an account" : "Sign in"}</legend>
        {mode === "signup" ? (
          <TextField name="fullName" label="Full name" autoComplete="name" error={errors.fullName} maxLength={100} />
        ) : null}
        <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} maxLength={254} />
        {mode !== "forgot" ? (
          <PasswordField
            error={errors.password}
            disabled={locked}
            withChecklist={mode === "signup"}
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
          />
        ) : null}
        <button
          type="submit"
          name="intent"
          value={mode}
          className={buttonClass("primary", "w-full")}
          disabled={locked || submitting}
        >
          {submitLabel}
        </button>
      </fieldset>
    </Form>
  );
}

function TextField({
  name,
  label,
  type = "text",
  autoComplete,
  error,
  maxLength,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  error?: string | undefined;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-plum-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 w-full rounded-xl border bg-white px-4 py-3 text-base ${error ? "border-red-600" : "border-plum-200"} disabled:bg-gray-100`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { COMMON_PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN, passwordRules, passwordStrength } from "../auth-schemas";

const strengthClass = {
  empty: "text-gray-600",
  valid: "text-green-700",
  fair: "text-yellow-700",
  weak: "text-red-700",
} as const;

/** A password input with a show/hide toggle and, for new passwords, the checklist of rules. */
export function PasswordField({
  label = "Password",
  error,
  disabled,
  withChecklist,
  autoComplete,
}: {
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
  withChecklist?: boolean;
  autoComplete: "current-password" | "new-password";
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  // Uncontrolled, so hydration keeps what was typed while the scripts loaded; the state only mirrors
  // the input for the checklist.
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  useEffect(() => setValue(input.current?.value ?? ""), []);
  const strength = passwordStrength(value);
  const describedBy = [error ? `${id}-error` : null, withChecklist ? `${id}-rules ${id}-common` : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-plum-900">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          name="password"
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required
          disabled={disabled}
          ref={input}
          onChange={(event) => setValue(event.target.value)}
          minLength={withChecklist ? PASSWORD_MIN : undefined}
          maxLength={withChecklist ? PASSWORD_MAX : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`w-full rounded-xl border bg-white px-4 py-3 pr-14 text-base ${withChecklist ? strengthClass[strength] : "text-ink"} ${error ? "border-red-600" : "border-plum-200"} disabled:bg-gray-100`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={disabled}
          aria-pressed={visible}
          aria-label={visible ? "Hide password" : "Show password"}
          className="absolute inset-y-0 right-1 my-1 inline-flex w-11 items-center justify-center rounded-lg text-plum-700 hover:bg-plum-50 disabled:opacity-50"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M3 3l18 18" /> : null}
          </svg>
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {withChecklist ? (
        <ul id={`${id}-rules`} className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
          {passwordRules.map((rule) => {
            const met = rule.test(value);
            return (
              <li key={rule.label} className={met ? "text-green-700" : "text-muted"}>
                <span aria-hidden="true">{met ? "✓" : "○"}</span> {rule.label}
                <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {/* The list of common passwords is too big for the browser: the server checks it. */}
      {withChecklist ? (
        <p id={`${id}-common`} className="mt-1 text-sm text-muted">
          {COMMON_PASSWORD_HINT}
        </p>
      ) : null}
    </div>
  );
}

import { type ComponentProps, useId } from "react";
import { Field } from "./field";
import { noticeClass } from "./notice";

/** Every form control's look; a refused field (aria-invalid) gets a red border. */
export const inputClass =
  "mt-1 block w-full rounded-lg border border-plum-200 bg-white px-3 py-2 text-ink shadow-sm focus:border-plum-500 focus:outline-2 focus:outline-plum-500 aria-[invalid=true]:border-red-600";

type Labelled = {
  label: string;
  name: string;
  hint?: string | undefined;
  /** The server's message for this field, shown under it and read with it. */
  error?: string | undefined;
  /** Marks the label; the server checks it (the forms are noValidate, so no browser bubble speaks first). */
  required?: boolean;
  className?: string;
};

/** A field's message, with the id its control points to. */
export function ErrorText({ id, children }: { id: string; children: string | undefined }) {
  return children ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {children}
    </p>
  ) : null;
}

/** The control's wiring: refused or not, and what describes it (its error first, then its hint). */
function described(error: string | undefined, errorId: string, hintId: string | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? errorId : "", hintId ?? ""].join(" ").trim() || undefined,
  };
}

/** A labelled text input of any type (text, date, time, url, email, a number or price as text). */
export function TextField({
  label,
  name,
  hint,
  error,
  required = false,
  className,
  inputClassName,
  ...input
}: Labelled & { inputClassName?: string } & Omit<ComponentProps<"input">, "name" | "id" | "required" | "className">) {
  const errorId = useId();
  return (
    <Field label={label} hint={hint} required={required} className={className}>
      {(id, hintId) => (
        <>
          <input
            id={id}
            name={name}
            aria-required={required || undefined}
            className={inputClassName ? `${inputClass} ${inputClassName}` : inputClass}
            {...input}
            {...described(error, errorId, hintId)}
          />
          <ErrorText id={errorId}>{error}</ErrorText>
        </>
      )}
    </Field>
  );
}

/** A labelled textarea. */
export function TextAreaField({
  label,
  name,
  hint,
  error,
  required = false,
  className,
  ...textarea
}: Labelled & Omit<ComponentProps<"textarea">, "name" | "id" | "required" | "className">) {
  const errorId = useId();
  return (
    <Field label={label} hint={hint} required={required} className={className}>
      {(id, hintId) => (
        <>
          <textarea
            id={id}
            name={name}
            aria-required={required || undefined}
            className={inputClass}
            {...textarea}
            {...described(error, errorId, hintId)}
          />
          <ErrorText id={errorId}>{error}</ErrorText>
        </>
      )}
    </Field>
  );
}

/** A labelled select of `options` (value and label). */
export function SelectField({
  label,
  name,
  hint,
  error,
  required = false,
  className,
  options,
  ...select
}: Labelled & { options: readonly { value: string; label: string }[] } & Omit<
    ComponentProps<"select">,
    "name" | "id" | "required" | "className" | "children"
  >) {
  const errorId = useId();
  return (
    <Field label={label} hint={hint} required={required} className={className}>
      {(id, hintId) => (
        <>
          <select
            id={id}
            name={name}
            aria-required={required || undefined}
            className={inputClass}
            {...select}
            {...described(error, errorId, hintId)}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ErrorText id={errorId}>{error}</ErrorText>
        </>
      )}
    </Field>
  );
}

/** A question answered by one of a few choices, each a card with its radio button (controlled). */
export function ChoiceCards<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly { value: V; label: string }[];
  value: V;
  onChange(value: V): void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-plum-900">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-3 rounded-lg border border-plum-200 bg-white p-3">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="size-5"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  className = "flex items-center gap-2 text-sm font-semibold text-plum-900",
  inputClassName,
  ...input
}: { label: string; name: string; className?: string; inputClassName?: string } & Omit<
  ComponentProps<"input">,
  "type" | "className"
>) {
  return (
    <label className={className}>
      <input type="checkbox" className={inputClassName} {...input} />
      {label}
    </label>
  );
}

/** A refused form's field messages, in the form's order, for `FormErrors`. */
export const messagesOf = (errors: Partial<Record<string, string>>): string[] =>
  Object.values(errors).filter((message): message is string => message !== undefined);

/** The refused form's messages in one alert above it, so they are read out together. */
export function FormErrors({
  messages,
  className = "",
  lead,
}: {
  messages: readonly string[];
  className?: string;
  /** A line above the list. */
  lead?: string | undefined;
}) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className={noticeClass("error", className)}>
      {lead ? <p className="font-semibold">{lead}</p> : null}
      <ul className={`list-disc pl-5 text-sm ${lead ? "mt-1" : ""}`}>
        {/* By place: two fields can have the same message, and a key shared by two left one behind
            when the list changed (a fixed answer's message stayed). */}
        {messages.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is only ever replaced whole
          <li key={i}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

import { useId } from "react";
import { ErrorText, TextAreaField, TextField } from "~/components/ui/form-fields";
import { INTAKE_LIMITS, type IntakeQuestion } from "../intake-model";

/**
 * One intake question as a form control, named `q-<id>`: a textarea, Yes/No radios, the options as
 * radios, or a date. Radios sit in a fieldset whose legend is the question, so it is read with them.
 */
export function IntakeQuestionField({
  question,
  value,
  error,
}: {
  question: IntakeQuestion;
  value: string;
  error: string | undefined;
}) {
  const name = `q-${question.id}`;
  const errorId = useId();
  const hintId = useId();
  if (question.kind === "text")
    return (
      <TextAreaField
        label={question.label}
        name={name}
        hint={question.help || undefined}
        error={error}
        required={question.required}
        defaultValue={value}
        rows={3}
        maxLength={INTAKE_LIMITS.answer}
      />
    );
  if (question.kind === "date")
    return (
      <TextField
        label={question.label}
        name={name}
        type="date"
        hint={question.help || undefined}
        error={error}
        required={question.required}
        defaultValue={value}
        inputClassName="sm:max-w-xs"
      />
    );
  const options =
    question.kind === "yes_no"
      ? [
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ]
      : question.options.map((option) => ({ value: option, label: option }));
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={[error ? errorId : "", question.help ? hintId : ""].join(" ").trim() || undefined}
    >
      <legend className="text-sm font-semibold text-plum-900">
        {question.label}
        {question.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {question.help ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {question.help}
        </p>
      ) : null}
      <div className={`mt-2 flex gap-x-6 gap-y-1 ${question.kind === "yes_no" ? "flex-row" : "flex-col"}`}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="size-5 shrink-0 accent-plum-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={errorId}>{error}</ErrorText>
    </fieldset>
  );
}

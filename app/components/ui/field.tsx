import { useId } from "react";

/** A labelled form control with an optional hint; the control is given its id and hint id. */
export function Field({
  label,
  hint,
  required = false,
  className = "",
  children,
}: {
  label: string;
  hint?: string | undefined;
  required?: boolean;
  className?: string;
  children(id: string, hintId: string | undefined): React.ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-plum-900">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children(id, hint ? hintId : undefined)}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

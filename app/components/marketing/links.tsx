import { type ButtonVariant, buttonClass } from "~/components/ui/button";

/** A link to another site: new tab, no opener, and a warning for screen readers. */
export function ExternalLink({
  href,
  className,
  label,
  children,
}: {
  href: string;
  className?: string;
  /** The accessible name, when the visible text alone is not enough (it gains "(opens in a new tab)"). */
  label?: string;
  children: React.ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={label ? `${label} (opens in a new tab)` : undefined}
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * A button-styled link to a section of the same page. A plain fragment link: it scrolls (smoothly,
 * per app.css) without JavaScript and moves keyboard focus along with it.
 */
export function ScrollLink({
  target,
  variant = "secondary",
  className = "",
  children,
}: {
  target: string;
  variant?: ButtonVariant;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a href={`#${target}`} className={buttonClass(variant, className)}>
      {children}
    </a>
  );
}

import { Link } from "react-router";

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
  className = "btn-outline",
  children,
}: {
  target: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a href={`#${target}`} className={className}>
      {children}
    </a>
  );
}

export function ButtonLink({
  to,
  className = "btn-primary",
  children,
}: {
  to: string;
  className?: string;
  children: React.ReactNode;
}) {
  // /app replaces the page with the external app, so it must be a full document load.
  return (
    <Link to={to} className={className} reloadDocument={to === "/app"}>
      {children}
    </Link>
  );
}

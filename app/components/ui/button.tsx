import { Link } from "react-router";
import { mergeClasses } from "./merge-classes";

/**
 * The site's buttons, defined once (issue 27, decision 053). Every button-looking control, whether
 * a `<button>`, a router link, a fragment link or a mail link, takes its look from `buttonClass`, so
 * a variant changes in one place.
 *
 * - primary: the one step a page wants next (book, buy, save).
 * - secondary: an alternative beside it (outlined).
 * - accent: the primary call on a dark band (gold on plum).
 * - on-dark: the secondary call on a dark band.
 * - quiet: a text-like action inside a card ("Learn More").
 * - danger: a destructive action, confirmed elsewhere.
 *
 * Disabled looks disabled whatever the variant: grey, flat, no hover, a "not allowed" cursor, so
 * "Available Soon" never reads as a live button. `aria-disabled="true"` (for a link or a non-button
 * that cannot be disabled natively) takes the same look.
 */
export type ButtonVariant = "primary" | "secondary" | "accent" | "on-dark" | "quiet" | "danger";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:border-transparent disabled:bg-disabled disabled:text-disabled-ink disabled:shadow-none aria-disabled:cursor-not-allowed aria-disabled:border-transparent aria-disabled:bg-disabled aria-disabled:text-disabled-ink aria-disabled:shadow-none";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-plum-700 text-white shadow-sm hover:bg-plum-800 enabled:active:bg-plum-900",
  secondary: "border border-plum-600 bg-surface text-plum-700 hover:bg-plum-50",
  accent: "bg-gold-500 text-plum-900 shadow-sm hover:bg-gold-300",
  "on-dark": "border border-white/70 text-white hover:bg-white/10",
  quiet: "text-plum-700 hover:bg-plum-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

/** The classes of a button of `variant`, with `extra` (layout: width, margins) after them. */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return mergeClasses(`${base} ${variants[variant]}`, extra);
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

/** A `<button>`; `type` defaults to "button" so a button in a form never submits by accident. */
export function Button({ variant = "primary", className = "", type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A router link that looks like a button. `/app` replaces the page with the external app, so it loads as a document. */
export function ButtonLink({
  to,
  variant = "primary",
  className = "",
  children,
  ...props
}: Omit<React.ComponentProps<typeof Link>, "className"> & { variant?: ButtonVariant; className?: string }) {
  return (
    <Link to={to} className={buttonClass(variant, className)} reloadDocument={to === "/app"} {...props}>
      {children}
    </Link>
  );
}

import { mergeClasses } from "./merge-classes";

/**
 * A short message set apart from the text around it, defined once (decision 053). The tone says
 * what kind: `note` (something to know first, like the wellness statement), `info`, `success`
 * (what just worked) and `error` (what went wrong and how to go on). The caller chooses the role:
 * `alert` for an error that appears after an action, `status` for a success, none for a fixed note.
 */
export type NoticeTone = "note" | "info" | "success" | "error";

const tones: Record<NoticeTone, string> = {
  note: "border-note-line bg-note-bg text-note-ink",
  info: "border-info-line bg-info-bg text-info-ink",
  success: "border-success-line bg-success-bg text-success-ink",
  error: "border-error-line bg-error-bg text-error-ink",
};

export function noticeClass(tone: NoticeTone = "info", extra = ""): string {
  return mergeClasses(`rounded-notice border px-4 py-3 text-sm ${tones[tone]}`, extra);
}

export function Notice({
  tone = "info",
  title,
  as: Element = "div",
  className = "",
  children,
  ...props
}: React.HTMLAttributes<HTMLElement> & {
  tone?: NoticeTone;
  /** A lead-in in bold, read first ("Please note:"). */
  title?: string;
  as?: "div" | "p";
}) {
  return (
    <Element className={noticeClass(tone, className)} {...props}>
      {title ? <strong className="font-semibold">{title}</strong> : null}
      {title ? " " : null}
      {children}
    </Element>
  );
}

/**
 * The heading of a page or a band, defined once (decision 053): an optional eyebrow, the title at
 * its step of the type scale, and an optional lead paragraph. `level` 1 is a page's title, 2 a
 * band's; `tone="dark"` is for a heading on a plum band.
 */
export function SectionHeader({
  id,
  eyebrow,
  title,
  intro,
  level = 2,
  align = "center",
  tone = "light",
  className = "",
}: {
  /** The heading's id, for the band's `aria-labelledby`. */
  id?: string | undefined;
  eyebrow?: string | undefined;
  /** Text, or text with parts kept whole (a hyphenated word in a `whitespace-nowrap` span). */
  title: React.ReactNode;
  intro?: string | undefined;
  level?: 1 | 2;
  align?: "center" | "start";
  tone?: "light" | "dark";
  className?: string;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  const size = level === 1 ? "text-display sm:text-display-lg" : "text-title sm:text-title-lg";
  const dark = tone === "dark";
  return (
    <div className={`${align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-3xl"} ${className}`.trim()}>
      {eyebrow ? (
        <p className={`text-eyebrow font-semibold uppercase ${dark ? "text-gold-300" : "text-gold-700"}`}>{eyebrow}</p>
      ) : null}
      <Heading id={id} className={`${eyebrow ? "mt-2 " : ""}${size}${dark ? " text-white" : ""}`}>
        {title}
      </Heading>
      {intro ? (
        <p
          className={`mt-4 text-lead ${dark ? "text-plum-100" : "text-muted"} ${align === "center" ? "mx-auto max-w-2xl" : ""}`.trim()}
        >
          {intro}
        </p>
      ) : null}
    </div>
  );
}

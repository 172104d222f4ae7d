/** A titled band of a content page. `tone` alternates backgrounds so long pages read in chapters. */
export function Section({
  id,
  title,
  intro,
  tone = "plain",
  width = "max-w-6xl",
  children,
}: {
  id?: string;
  title: string;
  intro?: string;
  tone?: "plain" | "tinted";
  width?: string;
  children?: React.ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={tone === "tinted" ? "bg-plum-50 py-16 sm:py-20" : "py-16 sm:py-20"}
    >
      <div className={`mx-auto ${width} px-4 sm:px-6`}>
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-3xl sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted">{intro}</p> : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}

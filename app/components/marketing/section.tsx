import { SectionHeader } from "~/components/ui/section-header";

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
      className={tone === "tinted" ? "bg-plum-50 py-band sm:py-band-lg" : "py-band sm:py-band-lg"}
    >
      <div className={`mx-auto ${width} px-4 sm:px-6`}>
        <SectionHeader id={headingId} title={title} intro={intro} />
        {children ? <div className="mt-header-gap">{children}</div> : null}
      </div>
    </section>
  );
}

import { SectionHeader } from "~/components/ui/section-header";

/** The heading band at the top of a content page. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  intro?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-plum-100 to-cream">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <SectionHeader level={1} eyebrow={eyebrow} title={title} intro={intro} />
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

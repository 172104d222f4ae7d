import { SectionHeader } from "~/components/ui/section-header";

/**
 * The close of a content page: one dark band that says what to do next, with the page's booking or
 * buying call as its first button (issue 27: a clear next step, not one more white band). Buttons
 * inside use the `accent` and `on-dark` variants, made for this plum.
 */
export function NextStep({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="relative overflow-hidden bg-gradient-to-br from-plum-800 via-plum-700 to-plum-600 py-band text-white sm:py-band-lg"
    >
      <div aria-hidden="true" className="absolute -top-32 -left-24 size-96 rounded-full bg-gold-300/15 blur-3xl" />
      <div className="relative mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeader id={id} title={title} intro={text} tone="dark" />
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}

import type { LegalDocument } from "~/content/legal/legal-document";
import { PageHero } from "~/layout/page-hero";

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A legal page from its content module, with the date its wording last changed. */
export function LegalPage({ document, children }: { document: LegalDocument; children?: React.ReactNode }) {
  return (
    <>
      <PageHero title={document.title} intro={document.description} />
      <article className="prose-page mx-auto max-w-3xl px-4 pb-8 sm:px-6">
        <p className="text-sm">
          Last updated: <time dateTime={document.lastUpdated}>{longDate.format(new Date(document.lastUpdated))}</time>
        </p>
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        {children}
      </article>
    </>
  );
}

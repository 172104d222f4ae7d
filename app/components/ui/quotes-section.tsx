import { Card } from "./card";
import { SectionHeader } from "./section-header";

export type Quote = { text: string; name: string; detail?: string | undefined };

/**
 * Kind words from her clients, as pull quotes. Renders nothing without any: a page never shows an
 * empty "What clients say" or invented praise (issue 27).
 */
export function QuotesSection({ quotes, title = "Kind Words" }: { quotes: readonly Quote[]; title?: string }) {
  if (quotes.length === 0) return null;
  return (
    <section aria-labelledby="quotes-heading" className="bg-sand py-band sm:py-band-lg">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader id="quotes-heading" title={title} />
        <ul className="mt-header-gap grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {quotes.map((quote) => (
            <li key={`${quote.name}-${quote.text.slice(0, 20)}`}>
              <Card as="figure" className="h-full">
                <blockquote className="font-serif text-lg leading-relaxed text-plum-900">
                  <p>“{quote.text}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm text-muted">
                  <span className="font-semibold text-plum-800">{quote.name}</span>
                  {quote.detail ? <span>, {quote.detail}</span> : null}
                </figcaption>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

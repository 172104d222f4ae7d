export type Quote = { text: string; name: string; detail?: string | undefined };

/**
 * Kind words from her clients, as pull quotes. Renders nothing without any: a page never shows an
 * empty "What clients say" or invented praise (issue 27).
 */
export function QuotesSection({ quotes, title = "Kind Words" }: { quotes: readonly Quote[]; title?: string }) {
  if (quotes.length === 0) return null;
  return (
    <section aria-labelledby="quotes-heading" className="bg-sand py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="quotes-heading" className="text-center text-3xl sm:text-4xl">
          {title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {quotes.map((quote) => (
            <li key={`${quote.name}-${quote.text.slice(0, 20)}`}>
              <figure className="h-full rounded-2xl bg-white p-6 shadow-sm">
                <blockquote className="font-serif text-lg leading-relaxed text-plum-900">
                  <p>“{quote.text}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm text-muted">
                  <span className="font-semibold text-plum-800">{quote.name}</span>
                  {quote.detail ? <span>, {quote.detail}</span> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

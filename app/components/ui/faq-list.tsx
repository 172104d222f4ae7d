import { cardClass } from "~/components/ui/card";
/**
 * Questions and answers, the one way the site shows them (issue 27: /products and /contact were
 * drawn differently). Native disclosure: it opens without JavaScript and announces its state.
 */
export function FaqList({
  items,
  testId,
}: {
  items: ReadonlyArray<{ question: string; answer: string }>;
  testId?: string;
}) {
  return (
    <div className="space-y-3" data-testid={testId}>
      {items.map((item) => (
        <details key={item.question} className={cardClass("group p-5")}>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-serif text-lg text-plum-900 [&::-webkit-details-marker]:hidden">
            {item.question}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="size-5 shrink-0 text-plum-600 transition-transform group-open:rotate-90"
            >
              <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <p className="mt-3 leading-relaxed text-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

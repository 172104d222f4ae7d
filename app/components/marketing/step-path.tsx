/**
 * Steps in order, drawn as a numbered path (a line joins them on a wide screen) rather than a row
 * of cards: the order is the point. An ordered list, so the numbers are read as well as seen.
 */
export function StepPath({ steps }: { steps: ReadonlyArray<{ title: string; text: string }> }) {
  const columns = steps.length === 4 ? "md:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3";
  return (
    <ol className={`grid gap-8 md:gap-6 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative flex gap-4 md:flex-col md:items-center md:text-center">
          {/* The joining line is decoration: the list's numbers carry the order. */}
          {index > 0 ? (
            <span
              aria-hidden="true"
              className={`absolute top-6 right-1/2 hidden h-px w-full bg-plum-200 ${steps.length === 4 ? "lg:block" : "md:block"}`}
            />
          ) : null}
          <span
            aria-hidden="true"
            className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-plum-700 font-serif text-xl text-white ring-4 ring-cream"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-xl">{step.title}</h3>
            <p className="mt-1 text-muted">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

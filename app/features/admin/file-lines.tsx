/** A file a product has or is given, as the form sends it (see `FileChoice`), and its name. */
export type FileLine = { choice: string; name: string };

/** The files a product keeps or has just been given, each with its Remove button. */
export function FileLines({
  label,
  lines,
  empty,
  onRemove,
}: {
  label: string;
  lines: (FileLine & { shown: string })[];
  empty: string;
  onRemove(choice: string): void;
}) {
  if (lines.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return (
    <ul className="mt-2 space-y-1">
      {lines.map((line) => (
        <li
          key={line.choice}
          className="flex items-center justify-between gap-2 rounded-lg bg-plum-50 px-3 py-1.5 text-sm"
        >
          <span className="min-w-0 truncate">{line.shown}</span>
          <button
            type="button"
            className="shrink-0 font-semibold text-plum-700 underline"
            aria-label={`Remove ${label.toLowerCase()} ${line.name}`}
            onClick={() => onRemove(line.choice)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

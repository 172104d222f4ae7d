/** "Book: One-on-One Session": a hyphenated word kept whole (on a phone it broke after "One-on-"). */
export function BookingTitle({ verb, service }: { verb: "Book" | "Reschedule"; service: string }) {
  return (
    <>
      {verb}:{" "}
      {service.split(/( )/).map((part, i) =>
        part.includes("-") ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed title, in order
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

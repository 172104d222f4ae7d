import { useEffect, useState } from "react";
import { visitorTime } from "~/lib/zoned-time";

/** The visitor's own time zone, known only in the browser (after hydration); null on the server. */
export function useVisitorZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? null);
  }, []);
  return zone;
}

/** ' (16:00 your time)' beside a London time, when the visitor's clock reads differently. */
export function YourTime({
  iso,
  zone,
  withDay = false,
  className = "text-muted",
}: {
  iso: string;
  zone: string | null;
  withDay?: boolean;
  /** Its colour: the muted grey by default; a chosen (plum) slot passes a light one, for AA contrast. */
  className?: string;
}) {
  const theirs = visitorTime(new Date(iso), zone);
  if (!theirs) return null;
  return (
    <span className={`block text-xs font-normal ${className}`}>
      {theirs.time} your time{withDay || theirs.otherDay ? `, ${theirs.day}` : ""}
    </span>
  );
}

import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { renderCalendar } from "./booking-ics";

describe("the .ics of a session", () => {
  const text = renderCalendar(
    [
      {
        uid: "b1@sacred-healing",
        sequence: 2,
        start: new Date("2026-03-31T08:00:00Z"),
        end: new Date("2026-03-31T09:00:00Z"),
        summary: "One-on-One Session, with Elena Rose",
        description: `A long note; with commas, semicolons and a backslash \\ and a line break\nand accents: é, ü, ✨ ${"x".repeat(120)}`,
        location: "Bath, United Kingdom",
        url: "https://example.com/my-sessions/b1",
      },
    ],
    { name: "Sacred Healing", now: new Date("2026-03-01T00:00:00Z") },
  );

  it("parses with an independent parser, to the same times and words", () => {
    const parsed = ical.sync.parseICS(text);
    const event = Object.values(parsed).find((c) => c?.type === "VEVENT") as VEvent;
    expect(event.uid).toBe("b1@sacred-healing");
    expect(new Date(event.start).toISOString()).toBe("2026-03-31T08:00:00.000Z");
    expect(new Date(event.end as Date).toISOString()).toBe("2026-03-31T09:00:00.000Z");
    expect(event.summary).toBe("One-on-One Session, with Elena Rose");
    expect(event.location).toBe("Bath, United Kingdom");
    expect(String(event.description)).toContain("accents: é, ü, ✨");
    expect(String(event.description)).toContain("x".repeat(120));
    expect(Number(event.sequence)).toBe(2);
  });

  it("uses CRLF line ends and folds every line to 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });
});

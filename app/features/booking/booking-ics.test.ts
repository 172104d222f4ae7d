import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { asReadBack, HOSTILE_NOTES } from "../../../tests/support/hostile-calendar-text";
import { escapeText, renderCalendar } from "./booking-ics";

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

describe("hostile text in a calendar", () => {
  const events = HOSTILE_NOTES.map((note, i) => ({
    uid: `b${i}@sacred-healing`,
    sequence: 0,
    start: new Date(Date.UTC(2026, 3, 1 + i, 9)),
    end: new Date(Date.UTC(2026, 3, 1 + i, 10)),
    summary: `Session: ${note.slice(0, 40)}`,
    description: `Note: ${note}`,
    location: note,
  }));
  const text = renderCalendar(events, { name: "Diary; with, hostile\rname", now: new Date("2026-03-01T00:00:00Z") });

  it("parses to exactly the real events, each text back as it was written", () => {
    const parsed = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(parsed.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    for (const [i, event] of parsed.entries()) {
      const expected = asReadBack(events[i]?.description ?? "");
      expect(String(event.description)).toBe(expected);
      expect(event.url).toBeUndefined();
      expect(event.attach).toBeUndefined();
    }
  });

  it("writes a typed backslash-n as a backslash and an n, not a line break (RFC 5545 §3.3.11)", () => {
    expect(escapeText("a \\n b\r\nc")).toBe("a \\\\n b\\nc");
  });

  it("keeps every line to 75 octets and leaves no bare CR or LF", () => {
    for (const line of text.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
    }
    // Only the calendar's own properties start a line: nothing a note says does.
    const starts = new Set(text.split("\r\n").map((line) => /^[A-Z-]+(?=[:;])/.exec(line)?.[0] ?? ""));
    starts.delete("");
    expect([...starts].sort()).toEqual(
      [
        "BEGIN",
        "CALSCALE",
        "DESCRIPTION",
        "DTEND",
        "DTSTAMP",
        "DTSTART",
        "END",
        "LOCATION",
        "METHOD",
        "PRODID",
        "SEQUENCE",
        "STATUS",
        "SUMMARY",
        "UID",
        "VERSION",
        "X-WR-CALNAME",
      ].sort(),
    );
  });
});

/** Notes a client could type to plant events, properties or links in the practitioner's calendar. */
export const HOSTILE_NOTES = [
  "bare CR\rEND:VEVENT\rBEGIN:VEVENT\rUID:evil@x\rSUMMARY:Planted\rDTSTART:20260101T000000Z\rEND:VEVENT",
  "bare LF\nEND:VEVENT\nBEGIN:VEVENT\nUID:evil2@x\nSUMMARY:Planted\nURL:https://evil.example\nEND:VEVENT",
  "CRLF\r\nLOCATION:Somewhere else\r\nATTACH:https://evil.example/x",
  // A literal backslash-n is left out here: node-ical 0.27 unescapes `\n` before `\\` and would misread it
  // (booking-ics.test.ts checks that one on the raw text).
  "commas, semicolons; backslashes \\ \\; \\, and a trailing backslash \\",
  `a long one ${"é✨;,\\\r\n".repeat(100)}${"x".repeat(1_289)}`,
  "\u0000nul \u0007bell \u001bescape\ttab",
];

/**
 * What a calendar reads back from text we wrote: every line break as LF, control characters gone
 * (RFC 5545 TEXT allows none but TAB).
 */
export const asReadBack = (text: string) =>
  text
    .replace(/\r\n|\r/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");

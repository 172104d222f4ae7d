import { describe, expect, it } from "vitest";
import { sanitiseText } from "./sanitise-text";

describe("sanitiseText (spec §5)", () => {
  it("removes angle brackets and null characters, and nothing else", () => {
    expect(sanitiseText("a<b>c\0d")).toBe("abcd");
    expect(sanitiseText('Tom\'s "healing" & calm')).toBe('Tom\'s "healing" & calm');
  });
});

import { describe, expect, it } from "vitest";
import { sanitiseText } from "./sanitise-text";

describe("sanitiseText (spec §5)", () => {
  it("removes angle brackets, null characters and the controls that reorder text, and nothing else", () => {
    expect(sanitiseText("a<b>c\0d")).toBe("abcd");
    expect(sanitiseText('Tom\'s "healing" & calm')).toBe('Tom\'s "healing" & calm');
    // "\u202Eevil" shows as "live"; isolates and embeddings likewise.
    expect(sanitiseText("\u202Eevil\u202C, \u2066a\u2069 \u202Ab\u202B")).toBe("evil, a b");
    // Right-to-left writing and its direction marks are kept.
    expect(sanitiseText("שלום \u200Fok\u200E")).toBe("שלום \u200Fok\u200E");
  });
});

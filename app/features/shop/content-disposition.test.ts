import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange } from "./content-disposition";

describe("contentDisposition", () => {
  it("keeps quotes, slashes and newlines out of the header", () => {
    const value = contentDisposition("attachment", 'Evil"; filename="x.exe\r\n/../a.pdf');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^\s"';]+$/);
    expect(value).toContain("filename*=UTF-8''");
  });
  it("encodes non-ASCII titles for modern browsers", () => {
    expect(contentDisposition("inline", "Chakra – Guide.pdf")).toBe(
      `inline; filename="Chakra  Guide.pdf"; filename*=UTF-8''Chakra%20%E2%80%93%20Guide.pdf`.replace("  ", " "),
    );
  });
});

describe("parseRange", () => {
  it("reads start-end, open ends and suffixes", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
  });
  it("refuses ranges outside the file", () => {
    expect(parseRange("bytes=100-", 100)).toBe("invalid");
    expect(parseRange("bytes=9-2", 100)).toBe("invalid");
    expect(parseRange("bytes=-", 100)).toBe("invalid");
  });
});

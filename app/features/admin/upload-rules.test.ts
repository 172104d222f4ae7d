import { describe, expect, it } from "vitest";
import { isAcceptableFileName, maxBytes, safeBaseName } from "./upload-rules";

describe("upload rules", () => {
  it.each(["guide.pdf", "Chakra Guide (v2).PDF", "Zoë’s meditation.mp3"])("accepts the name %s", (name) => {
    expect(isAcceptableFileName(name)).toBe(true);
  });

  it.each(["../guide.pdf", "..\\guide.pdf", "a/b.pdf", ".htaccess", "", "bad\u0000name.pdf", "x".repeat(201)])(
    "refuses the name %j",
    (name) => {
      expect(isAcceptableFileName(name)).toBe(false);
    },
  );

  it("makes a readable, safe storage name", () => {
    expect(safeBaseName("Chakra Guide (v2).PDF")).toBe("chakra-guide-v2");
    expect(safeBaseName("Zoë’s meditation.mp3")).toBe("zoe-s-meditation");
    expect(safeBaseName("???.pdf")).toBe("file");
  });

  it("shares the PDF limit with audio and video, and has its own for images", () => {
    const limits = { maxFileMb: 200, maxImageMb: 10 };
    expect(maxBytes("file", limits)).toBe(200 * 1024 * 1024);
    expect(maxBytes("attachment", limits)).toBe(200 * 1024 * 1024);
    expect(maxBytes("image", limits)).toBe(10 * 1024 * 1024);
  });
});

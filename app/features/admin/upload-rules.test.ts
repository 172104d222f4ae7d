import { describe, expect, it } from "vitest";
import { ACCEPTED, isAcceptableFileName, isPublicUpload, maxBytes, PICKER_ACCEPT, safeBaseName } from "./upload-rules";

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

  it("stores what it accepts as the shop's media types, and offers the same in the pickers", () => {
    expect(ACCEPTED.file.opus).toEqual({ ext: "ogg", mime: "audio/ogg", folder: "audios" });
    expect(ACCEPTED.image.jpg).toEqual({ ext: "webp", mime: "image/webp", folder: "covers" });
    expect(ACCEPTED.attachment).toEqual({ pdf: { ext: "pdf", mime: "application/pdf", folder: "pdfs" } });
    expect(PICKER_ACCEPT.file).toBe(
      ".pdf,application/pdf,.mp3,audio/mpeg,.m4a,audio/mp4,.ogg,audio/ogg,.wav,audio/wav,.mp4,video/mp4,.webm,video/webm",
    );
    expect(PICKER_ACCEPT.image).toBe("image/png,image/jpeg,image/webp,image/avif");
  });

  it("takes only audio for a song's recording, public under songs/, with the file limit", () => {
    expect(Object.keys(ACCEPTED.song).sort()).toEqual(["m4a", "mp3", "oga", "ogg", "opus", "wav"]);
    expect(ACCEPTED.song.mp3).toEqual({ ext: "mp3", mime: "audio/mpeg", folder: "songs" });
    expect(ACCEPTED.song.opus).toEqual({ ext: "ogg", mime: "audio/ogg", folder: "songs" });
    expect(PICKER_ACCEPT.song).toBe(".mp3,audio/mpeg,.m4a,audio/mp4,.ogg,audio/ogg,.wav,audio/wav");
    expect(isPublicUpload("song")).toBe(true);
    expect(isPublicUpload("file")).toBe(false);
    expect(maxBytes("song", { maxFileMb: 200, maxImageMb: 10 })).toBe(200 * 1024 * 1024);
  });
});

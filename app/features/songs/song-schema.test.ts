import { describe, expect, it } from "vitest";
import { formatDuration, parseDuration, songFormSchema } from "./song-schema";

describe("song durations", () => {
  it("reads minutes and seconds and writes them back", () => {
    expect(parseDuration("3:45")).toBe(225);
    expect(parseDuration(" 12:05 ")).toBe(725);
    expect(formatDuration(225)).toBe("3:45");
    expect(formatDuration(65)).toBe("1:05");
  });

  it.each(["3.45", "3:60", "3:5", "345", "0:00", "91:00", "-1:00", ""])("refuses %j", (value) => {
    expect(parseDuration(value)).toBeNull();
  });
});

describe("the song form", () => {
  const valid = {
    title: "Light Within",
    theme: "Self-love",
    duration: "3:45",
    description: "",
    youtubeUrl: "https://youtu.be/LIGHTWITHIN",
    upload: "",
    removeAudio: false,
  };
  it("accepts a YouTube link only, and stores the duration in seconds", () => {
    expect(songFormSchema.parse(valid).duration).toBe(225);
    for (const youtubeUrl of ["https://vimeo.com/1234", "http://youtu.be/LIGHTWITHIN", "javascript:alert(1)"]) {
      expect(songFormSchema.safeParse({ ...valid, youtubeUrl }).success, youtubeUrl).toBe(false);
    }
  });
  it("strips markup from what the owner types and needs a title", () => {
    expect(songFormSchema.parse({ ...valid, title: "<i>Light</i>" }).title).toBe("iLight/i");
    expect(songFormSchema.safeParse({ ...valid, title: "  " }).success).toBe(false);
    expect(songFormSchema.safeParse({ ...valid, upload: "not-an-id" }).success).toBe(false);
  });
});

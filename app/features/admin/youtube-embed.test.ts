import { describe, expect, it } from "vitest";
import { toYouTubeEmbedUrl } from "./youtube-embed";

const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

describe("toYouTubeEmbedUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    embed,
  ])("reads %s", (input) => {
    expect(toYouTubeEmbedUrl(input)).toBe(embed);
  });

  it.each([
    "https://vimeo.com/123456",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "https://www.youtube.com/watch?v=<script>",
    "not a url",
  ])("refuses %s", (input) => {
    expect(toYouTubeEmbedUrl(input)).toBeNull();
  });
});

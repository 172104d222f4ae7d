import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allPhotos, PLACEHOLDER_CAPTION } from "~/content/photos";
import { songs } from "~/content/songs";
import { featuredVideos, zytoExplainer } from "~/content/videos";
import { photoSrc } from "./image-sources";

const publicDir = path.resolve("public");

function sizeOf(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) =>
      sum + (entry.isDirectory() ? sizeOf(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
    0,
  );
}

describe("the media the marketing pages ship", () => {
  it("has the spec's photo counts as decorative artwork that names no place or scene", () => {
    const counts = Object.groupBy(allPhotos, (p) => p.gallery);
    expect(counts.angel).toHaveLength(9);
    expect(counts.romania).toHaveLength(50);
    expect(counts.stonehenge).toHaveLength(10);
    expect(counts.glastonbury).toHaveLength(19);
    // Drawn placeholders: a screen reader must not be told of a photograph that does not exist (issue 27).
    for (const photo of allPhotos) {
      expect(photo.alt).toBe("");
      expect(photo.placeholder).toBe(true);
      expect(photo.caption).toBe(PLACEHOLDER_CAPTION);
    }
  });

  it("has a thumbnail and a large file for every photo and a thumbnail for every video", () => {
    for (const photo of allPhotos) {
      expect(existsSync(path.join(publicDir, photoSrc(photo, "thumb"))), photo.id).toBe(true);
      expect(existsSync(path.join(publicDir, photoSrc(photo, "large"))), photo.id).toBe(true);
    }
    for (const video of [zytoExplainer, ...featuredVideos]) {
      expect(existsSync(path.join(publicDir, video.thumbnail)), video.id).toBe(true);
    }
  });

  it("keeps the images under 4 MB in total", () => {
    expect(sizeOf(publicDir) - sizeOf(path.join(publicDir, "audio"))).toBeLessThan(4 * 1024 * 1024);
  });

  it("ships the audio file of every song that offers a download, and at least one", () => {
    const withAudio = songs.filter((song) => song.audio);
    expect(withAudio.length).toBeGreaterThan(0);
    for (const song of withAudio) expect(existsSync(path.join(publicDir, song.audio?.src ?? "missing"))).toBe(true);
  });
});

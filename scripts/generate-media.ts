/**
 * Makes the gallery images, video thumbnails and the sample song that the marketing pages ship.
 *
 *   node scripts/generate-media.ts [--source media-source]
 *
 * For each photo in app/content/photos.ts it looks for a real photo at
 * <source>/<gallery>/<id>.(jpg|jpeg|png|webp|avif); when there is one it is cropped to 4:3 and
 * resized, otherwise placeholder artwork is drawn. Either way it writes
 * public/images/gallery/<gallery>/<id>-480.webp (grid) and -1280.webp (lightbox). Video
 * thumbnails (<source>/videos/<id>.*) and the sample song are made the same way. Run it again after
 * adding photos; commit the results in public/.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { allPhotos, type GalleryId, type Photo } from "../app/content/photos.ts";
import { featuredVideos, type Video, zytoExplainer } from "../app/content/videos.ts";

const sourceFlag = process.argv.indexOf("--source");
const sourceDir = path.resolve(sourceFlag > 0 ? (process.argv[sourceFlag + 1] ?? "media-source") : "media-source");
const publicDir = path.resolve("public");

// Keep in step with app/features/media/image-sources.ts.
const THUMB = { width: 480, height: 360, quality: 62 };
const LARGE = { width: 1280, height: 960, quality: 60 };
const VIDEO = { width: 960, height: 540, quality: 62 };

/** A small deterministic generator, so the artwork is the same on every run. */
function random(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const palettes: Record<GalleryId | "video", [string, string, string][]> = {
  angel: [
    ["#2e1a3a", "#7b4fa0", "#e8cf8e"],
    ["#432554", "#c9a24a", "#fbf8f3"],
    ["#1f2a4a", "#6a3f8e", "#f4e3b5"],
  ],
  romania: [
    ["#203a43", "#6a8f6b", "#f3d9a4"],
    ["#2c3e50", "#7b9e87", "#fbe7c6"],
    ["#3a2d4d", "#8aa37b", "#f6c98e"],
  ],
  stonehenge: [
    ["#3b2747", "#d98c6a", "#f7d9a8"],
    ["#24344d", "#9c7bb3", "#f2c48d"],
    ["#4a3655", "#e0a97a", "#fbe3c2"],
  ],
  glastonbury: [
    ["#1d3b3a", "#7aa38f", "#f0dfae"],
    ["#30284a", "#8f7bb3", "#f5d0a0"],
    ["#263d2e", "#98b57f", "#fae6b8"],
  ],
  video: [
    ["#2e1a3a", "#6a3f8e", "#c9a24a"],
    ["#203a43", "#56306f", "#e8cf8e"],
  ],
};

function ridge(
  rand: () => number,
  w: number,
  h: number,
  base: number,
  amplitude: number,
  colour: string,
  opacity: number,
) {
  const points: string[] = [`0,${h}`];
  const steps = 8 + Math.floor(rand() * 6);
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * w;
    const y = base - rand() * amplitude;
    points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  points.push(`${w},${h}`);
  return `<polygon points="${points.join(" ")}" fill="${colour}" opacity="${opacity}"/>`;
}

/** Placeholder artwork in the site's palette: sky, a light, and a motif for each place. */
function artwork(seed: string, kind: GalleryId | "video", w: number, h: number): string {
  const rand = random(seed);
  const options = palettes[kind];
  const [deep, mid, light] = options[Math.floor(rand() * options.length) % options.length] as [string, string, string];
  const sunX = w * (0.2 + rand() * 0.6);
  const sunY = h * (0.2 + rand() * 0.3);
  const sunR = h * (0.06 + rand() * 0.08);
  const shapes: string[] = [];
  if (kind === "angel") {
    for (let i = 0; i < 7; i++) {
      const angle = -90 + (rand() - 0.5) * 120;
      const length = h * (0.8 + rand());
      const x2 = sunX + Math.cos((angle * Math.PI) / 180) * length;
      const y2 = sunY - Math.sin((angle * Math.PI) / 180) * length * -1;
      shapes.push(
        `<line x1="${sunX}" y1="${sunY}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="${light}" stroke-width="${(8 + rand() * 30).toFixed(0)}" opacity="0.18" stroke-linecap="round"/>`,
      );
    }
    shapes.push(ridge(rand, w, h, h * 0.85, h * 0.1, deep, 0.9));
  } else {
    shapes.push(ridge(rand, w, h, h * 0.62, h * 0.25, mid, 0.55));
    shapes.push(ridge(rand, w, h, h * 0.75, h * 0.18, deep, 0.7));
    if (kind === "stonehenge") {
      const count = 5 + Math.floor(rand() * 4);
      for (let i = 0; i < count; i++) {
        const sw = w * (0.04 + rand() * 0.03);
        const sh = h * (0.16 + rand() * 0.12);
        const x = w * 0.12 + (i / count) * w * 0.76;
        shapes.push(
          `<rect x="${x.toFixed(0)}" y="${(h * 0.8 - sh).toFixed(0)}" width="${sw.toFixed(0)}" height="${sh.toFixed(0)}" rx="4" fill="${deep}"/>`,
        );
        if (i % 2 === 0 && i + 1 < count) {
          shapes.push(
            `<rect x="${x.toFixed(0)}" y="${(h * 0.8 - sh - h * 0.035).toFixed(0)}" width="${((w * 0.76) / count + sw).toFixed(0)}" height="${(h * 0.035).toFixed(0)}" rx="3" fill="${deep}"/>`,
          );
        }
      }
    }
    if (kind === "glastonbury") {
      const cx = w * (0.35 + rand() * 0.3);
      shapes.push(
        `<ellipse cx="${cx.toFixed(0)}" cy="${(h * 0.86).toFixed(0)}" rx="${(w * 0.32).toFixed(0)}" ry="${(h * 0.32).toFixed(0)}" fill="${deep}"/>`,
      );
      shapes.push(
        `<rect x="${(cx - w * 0.015).toFixed(0)}" y="${(h * 0.44).toFixed(0)}" width="${(w * 0.03).toFixed(0)}" height="${(h * 0.12).toFixed(0)}" fill="${deep}"/>`,
      );
    }
    shapes.push(ridge(rand, w, h, h * 0.92, h * 0.08, deep, 0.95));
  }
  const stars = Array.from(
    { length: 12 },
    () =>
      `<circle cx="${(rand() * w).toFixed(0)}" cy="${(rand() * h * 0.45).toFixed(0)}" r="${(1 + rand() * 2.5).toFixed(1)}" fill="${light}" opacity="${(0.3 + rand() * 0.5).toFixed(2)}"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="${rand().toFixed(2)}" y2="1">
      <stop offset="0" stop-color="${deep}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${light}" stop-opacity="0.95"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  ${stars}
  <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(sunR * 4).toFixed(0)}" fill="url(#glow)" opacity="0.6"/>
  <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${sunR.toFixed(0)}" fill="${light}"/>
  ${shapes.join("\n  ")}
</svg>`;
}

function findSource(folder: string, id: string): string | undefined {
  for (const ext of ["jpg", "jpeg", "png", "webp", "avif"]) {
    const file = path.join(sourceDir, folder, `${id}.${ext}`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

async function writeImage(
  input: string | Buffer,
  out: string,
  size: { width: number; height: number; quality: number },
) {
  mkdirSync(path.dirname(out), { recursive: true });
  await sharp(input)
    .rotate()
    .resize(size.width, size.height, { fit: "cover", position: sharp.strategy.attention })
    .webp({ quality: size.quality, effort: 6 })
    .toFile(out);
}

async function photo(entry: Photo) {
  const source = findSource(entry.gallery, entry.id);
  for (const size of [THUMB, LARGE]) {
    const input = source ?? Buffer.from(artwork(entry.id, entry.gallery as GalleryId, size.width, size.height));
    await writeImage(
      input,
      path.join(publicDir, "images/gallery", entry.gallery, `${entry.id}-${size.width}.webp`),
      size,
    );
  }
  return source ? "photo" : "placeholder";
}

async function videoThumb(video: Video) {
  const source = findSource("videos", video.id);
  const input = source ?? Buffer.from(artwork(video.id, "video", VIDEO.width, VIDEO.height));
  await writeImage(input, path.join(publicDir, video.thumbnail), VIDEO);
}

/** A gentle six-second chime (16 kHz, 16-bit mono WAV): a real file for the download path. */
function sampleSong(): Buffer {
  const rate = 16000;
  const seconds = 6;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  const notes = [
    [261.63, 0],
    [329.63, 1],
    [392.0, 2],
    [523.25, 3],
  ] as const;
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    let value = 0;
    for (const [frequency, start] of notes) {
      if (t < start) continue;
      const age = t - start;
      value += Math.sin(2 * Math.PI * frequency * t) * Math.exp(-age * 1.2) * Math.min(1, age * 40);
    }
    const fade = Math.min(1, (seconds - t) * 2);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value * 0.25 * fade)) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const kinds = await Promise.all(allPhotos.map(photo));
await Promise.all([zytoExplainer, ...featuredVideos].map(videoThumb));
mkdirSync(path.join(publicDir, "audio"), { recursive: true });
writeFileSync(path.join(publicDir, "audio/light-within-sample.wav"), sampleSong());
const real = kinds.filter((k) => k === "photo").length;
console.log(
  `${allPhotos.length} photos (${real} from ${sourceDir}, ${allPhotos.length - real} placeholders), 4 video thumbnails, 1 sample song.`,
);

import { MEDIA_TYPES, type MediaExtension, type UploadKind } from "~/features/shop/model";
import { slugify } from "./slugify";

/**
 * What an admin may upload, shared by the browser (file picker filters, size pre-check) and the
 * server (which decides by the bytes themselves, never by the name or the browser's type). The
 * stored types come from the shop's one media-type table.
 */
export type UploadLimits = { maxFileMb: number; maxImageMb: number };

type Accepted = { ext: MediaExtension; mime: string; folder: string };

/**
 * For each kind, the types `file-type` may report for the sniffed content, and what each is stored
 * as. Ogg variants are kept as .ogg; covers are re-encoded to WebP whatever they arrive as.
 */
const STORED_AS: Record<UploadKind, Record<string, MediaExtension>> = {
  file: {
    pdf: "pdf",
    mp3: "mp3",
    m4a: "m4a",
    ogg: "ogg",
    oga: "ogg",
    opus: "ogg",
    wav: "wav",
    mp4: "mp4",
    webm: "webm",
  },
  attachment: { pdf: "pdf" },
  image: { png: "webp", jpg: "webp", webp: "webp", avif: "webp" },
  photo: { png: "webp", jpg: "webp", webp: "webp", avif: "webp" },
  song: { mp3: "mp3", m4a: "m4a", ogg: "ogg", oga: "ogg", opus: "ogg", wav: "wav" },
  picture: { png: "webp", jpg: "webp", webp: "webp", avif: "webp" },
};

const accepted = (ext: MediaExtension): Accepted => ({
  ext,
  mime: MEDIA_TYPES[ext].mime,
  folder: MEDIA_TYPES[ext].folder,
});

/** Accepted types by kind, keyed by the extension `file-type` reports for the sniffed content. */
export const ACCEPTED: Record<UploadKind, Record<string, Accepted>> = {
  file: Object.fromEntries(Object.entries(STORED_AS.file).map(([sniffed, ext]) => [sniffed, accepted(ext)])),
  attachment: Object.fromEntries(
    Object.entries(STORED_AS.attachment).map(([sniffed, ext]) => [sniffed, accepted(ext)]),
  ),
  image: Object.fromEntries(Object.entries(STORED_AS.image).map(([sniffed, ext]) => [sniffed, accepted(ext)])),
  photo: Object.fromEntries(
    Object.entries(STORED_AS.photo).map(([sniffed, ext]) => [sniffed, { ...accepted(ext), folder: "gallery" }]),
  ),
  song: Object.fromEntries(
    Object.entries(STORED_AS.song).map(([sniffed, ext]) => [sniffed, { ...accepted(ext), folder: "songs" }]),
  ),
  picture: Object.fromEntries(
    Object.entries(STORED_AS.picture).map(([sniffed, ext]) => [sniffed, { ...accepted(ext), folder: "pictures" }]),
  ),
};

/** The picker's MIME type for each sniffed extension a browser knows the file by. */
const PICKER_TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", avif: "image/avif" };

/** The `accept` attribute of each file picker: the stored types, named as a browser knows them. */
export const PICKER_ACCEPT: Record<UploadKind, string> = {
  file: [...new Set(Object.values(STORED_AS.file))].flatMap((ext) => [`.${ext}`, MEDIA_TYPES[ext].mime]).join(","),
  attachment: ".pdf,application/pdf",
  image: Object.keys(STORED_AS.image)
    .map((ext) => PICKER_TYPES[ext] ?? `image/${ext}`)
    .join(","),
  photo: Object.keys(STORED_AS.photo)
    .map((ext) => PICKER_TYPES[ext] ?? `image/${ext}`)
    .join(","),
  song: [...new Set(Object.values(STORED_AS.song))].flatMap((ext) => [`.${ext}`, MEDIA_TYPES[ext].mime]).join(","),
  picture: Object.keys(STORED_AS.picture)
    .map((ext) => PICKER_TYPES[ext] ?? `image/${ext}`)
    .join(","),
};

/** Covers, gallery photos and her site pictures: public, re-encoded to WebP, under the image size limit. */
export const isPicture = (kind: UploadKind): kind is "image" | "photo" | "picture" =>
  kind === "image" || kind === "photo" || kind === "picture";

/**
 * Uploads anyone may fetch, kept in the public image store and served under /media: pictures and
 * the songs' recordings (decision 035). Product files and attachments stay private.
 */
export const isPublicUpload = (kind: UploadKind): kind is "image" | "photo" | "picture" | "song" =>
  isPicture(kind) || kind === "song";

/** A gallery photo's thumbnail sits beside its lightbox size: `gallery/…-name.webp` → `…-name-thumb.webp`. */
export const photoThumbKey = (key: string) => key.replace(/\.webp$/, "-thumb.webp");

/** The size limit of a kind, in bytes. Video and audio (songs too) share the PDF limit. */
export function maxBytes(kind: UploadKind, limits: UploadLimits): number {
  return (isPicture(kind) ? limits.maxImageMb : limits.maxFileMb) * 1024 * 1024;
}

/** Every refusal, with the message the admin sees. */
export const uploadMessages = {
  empty: "The file is empty.",
  badName: "The file name is not allowed. Rename the file without slashes, dots at the start or control characters.",
  badKind: "Unknown upload kind.",
  wrongType: {
    file: "This file is not a PDF, audio (MP3, M4A, OGG, WAV) or video (MP4, WebM) file.",
    attachment: "Attachments must be PDF files, and this file is not a PDF.",
    image: "Cover images must be PNG, JPEG, WebP or AVIF (SVG and other formats are not accepted).",
    photo: "Photos must be PNG, JPEG, WebP or AVIF (SVG and other formats are not accepted).",
    song: "Recordings must be MP3, M4A, OGG or WAV audio, and this file is not one of them.",
    picture: "Pictures must be PNG, JPEG, WebP or AVIF (SVG and other formats are not accepted).",
  } satisfies Record<UploadKind, string>,
  tooLarge: (kind: UploadKind, limits: UploadLimits) =>
    isPicture(kind)
      ? `This image is larger than the ${limits.maxImageMb} MB limit.`
      : `This file is larger than the ${limits.maxFileMb} MB limit.`,
  unreadableImage: "This image could not be read. Please upload another PNG, JPEG, WebP or AVIF.",
  failed: "Failed to upload file.",
} as const;

/**
 * A file name is only ever used to make a readable storage name, but one that tries to climb out
 * of a folder, or hides control characters, is refused outright rather than quietly repaired.
 */
export function isAcceptableFileName(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  if (/[/\\]/.test(name) || name.includes("..") || name.startsWith(".")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  return !/[\u0000-\u001f\u007f]/.test(name);
}

/** `Chakra Guide (v2).PDF` → `chakra-guide-v2`: the readable part of a storage key. */
export function safeBaseName(name: string): string {
  return slugify(name.replace(/\.[^.]*$/, "")) || "file";
}

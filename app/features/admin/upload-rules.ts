import { slugify } from "./slugify";

/**
 * What an admin may upload, shared by the browser (file picker filters, size pre-check) and the
 * server (which decides by the bytes themselves, never by the name or the browser's type).
 */
export type UploadKind = "file" | "attachment" | "image";

export const UPLOAD_KINDS: readonly UploadKind[] = ["file", "attachment", "image"];

export type UploadLimits = { maxFileMb: number; maxImageMb: number };

type Accepted = { ext: string; mime: string; folder: string };

const pdf: Accepted = { ext: "pdf", mime: "application/pdf", folder: "pdfs" };

/** Accepted types by kind, keyed by the extension `file-type` reports for the sniffed content. */
export const ACCEPTED: Record<UploadKind, Record<string, Accepted>> = {
  file: {
    pdf,
    mp3: { ext: "mp3", mime: "audio/mpeg", folder: "audios" },
    m4a: { ext: "m4a", mime: "audio/mp4", folder: "audios" },
    ogg: { ext: "ogg", mime: "audio/ogg", folder: "audios" },
    oga: { ext: "ogg", mime: "audio/ogg", folder: "audios" },
    opus: { ext: "ogg", mime: "audio/ogg", folder: "audios" },
    wav: { ext: "wav", mime: "audio/wav", folder: "audios" },
    mp4: { ext: "mp4", mime: "video/mp4", folder: "videos" },
    webm: { ext: "webm", mime: "video/webm", folder: "videos" },
  },
  attachment: { pdf },
  // Covers are re-encoded to WebP whatever they arrive as.
  image: {
    png: { ext: "webp", mime: "image/webp", folder: "covers" },
    jpg: { ext: "webp", mime: "image/webp", folder: "covers" },
    webp: { ext: "webp", mime: "image/webp", folder: "covers" },
    avif: { ext: "webp", mime: "image/webp", folder: "covers" },
  },
};

/** The `accept` attribute of each file picker. */
export const PICKER_ACCEPT: Record<UploadKind, string> = {
  file: ".pdf,application/pdf,.mp3,audio/mpeg,.m4a,audio/mp4,.ogg,audio/ogg,.wav,audio/wav,.mp4,video/mp4,.webm,video/webm",
  attachment: ".pdf,application/pdf",
  image: "image/png,image/jpeg,image/webp,image/avif",
};

/** The size limit of a kind, in bytes. Video and audio share the PDF limit. */
export function maxBytes(kind: UploadKind, limits: UploadLimits): number {
  return (kind === "image" ? limits.maxImageMb : limits.maxFileMb) * 1024 * 1024;
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
  } satisfies Record<UploadKind, string>,
  tooLarge: (kind: UploadKind, limits: UploadLimits) =>
    kind === "image"
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

import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { UploadKind } from "~/features/shop/model";
import { AppError } from "~/lib/app-error";
import { uploads } from "~/lib/db/schema.server";
import { loadSharp } from "~/lib/load-sharp.server";
import { sanitiseText } from "~/lib/sanitise-text";
import type { AppServices } from "~/lib/services.server";
import { sweepUploads } from "./sweep-uploads.server";
import {
  ACCEPTED,
  isAcceptableFileName,
  isPublicUpload,
  maxBytes,
  photoThumbKey,
  safeBaseName,
  type UploadLimits,
  uploadMessages,
} from "./upload-rules";

/** A refusal the admin can act on: the 'Upload Error' toast shows its message as it is. */
const refused = (code: "invalid_request" | "payload_too_large" | "unsupported_media_type", message: string) =>
  new AppError(code, message, "Upload Error");

export type StoredUpload = {
  id: string;
  kind: UploadKind;
  name: string;
  size: number;
  /** The public address (a cover's or photo's preview, a song's recording); private files have none. */
  url: string | null;
};

/** Bytes read before deciding what the file is (the `file-type` default sample). */
const SAMPLE_BYTES = 4100;
/** Her site pictures are kept at most this many pixels on their longer edge (the largest size any place shows). */
const MASTER_EDGE = 2400;
/** Covers are shown at 1200 × 630 (cards, product page, link previews). */
const COVER = { width: 1200, height: 630 };
/** Gallery photos, cropped 4:3 like the shipped art (decision 010): grid thumbnail and lightbox. */
export const PHOTO_SIZES = { thumb: { width: 480, height: 360 }, large: { width: 1280, height: 960 } } as const;

export function uploadLimits(services: AppServices): UploadLimits {
  return { maxFileMb: services.env.UPLOAD_MAX_PDF_MB, maxImageMb: services.env.UPLOAD_MAX_IMAGE_MB };
}

/**
 * Streams one upload to storage. What the file is comes from its first bytes, never from its name
 * or the browser's type; the size limit holds while streaming, so memory stays flat and an
 * oversize file is cut off. Storage writes are atomic (a failed or abandoned upload leaves no half
 * file), and the uploads row is what a product later refers to: the browser only gets its id.
 */
export async function storeUpload(
  services: AppServices,
  input: {
    kind: UploadKind;
    fileName: string;
    declaredLength: number | null;
    /**
     * The request's body, asked for only once the name and stated size pass: a refusal before that
     * leaves the body untouched, for the HTTP server to drain with the connection kept.
     */
    body: () => ReadableStream<Uint8Array> | null;
    uploadedBy: string;
  },
): Promise<StoredUpload> {
  const { kind } = input;
  // Spec §5 sanitising: the name is only ever shown, but it is stored and shown without markup.
  const fileName = sanitiseText(input.fileName);
  const limits = uploadLimits(services);
  const limit = maxBytes(kind, limits);
  if (!isAcceptableFileName(fileName)) throw refused("invalid_request", uploadMessages.badName);
  if (input.declaredLength === 0) throw refused("invalid_request", uploadMessages.empty);
  if (input.declaredLength !== null && input.declaredLength > limit) {
    throw refused("payload_too_large", uploadMessages.tooLarge(kind, limits));
  }
  const body = input.body();
  if (!body) throw refused("invalid_request", uploadMessages.empty);

  const reader = body.getReader();
  const bytes = limitedBytes(reader, limit, uploadMessages.tooLarge(kind, limits));
  const sample = await readSample(bytes);
  if (sample.length === 0) throw refused("invalid_request", uploadMessages.empty);
  const detected = await fileTypeFromBuffer(Buffer.concat(sample));
  const accepted = detected ? ACCEPTED[kind][detected.ext] : undefined;
  if (!accepted) {
    // The browser is still sending: read the rest (within the limit, memory flat) so it receives
    // this answer rather than a reset connection.
    for await (const _ of bytes);
    throw refused("unsupported_media_type", uploadMessages.wrongType[kind]);
  }

  const { db } = services.database;
  const id = randomUUID();
  const key = await reserveKey(services, {
    id,
    kind,
    folder: accepted.folder,
    name: `${safeBaseName(fileName)}.${accepted.ext}`,
    originalName: fileName,
    contentType: accepted.mime,
    uploadedBy: input.uploadedBy,
  });
  const store = isPublicUpload(kind) ? services.images : services.files;
  try {
    const source = Readable.from(rest(sample, bytes));
    let stored: { size: number };
    if (kind === "image") stored = await store.put(key, await toCover(source), accepted.mime);
    else if (kind === "picture") stored = await store.put(key, await toMaster(source), accepted.mime);
    else if (kind === "photo") {
      const { large, thumb } = await toPhoto(source);
      await store.put(photoThumbKey(key), thumb, accepted.mime);
      stored = await store.put(key, large, accepted.mime);
    } else stored = await store.put(key, source, accepted.mime);
    await db.update(uploads).set({ completedAt: new Date(), sizeBytes: stored.size }).where(eq(uploads.id, id));
    services.logger.info({ uploadId: id, kind, key, size: stored.size }, "upload stored");
    void sweepUploads(services).catch((error: unknown) => services.logger.error({ err: error }, "upload sweep failed"));
    return {
      id,
      kind,
      name: fileName,
      size: stored.size,
      url: isPublicUpload(kind) ? `/media/${kind === "photo" ? photoThumbKey(key) : key}` : null,
    };
  } catch (error) {
    await reader.cancel().catch(() => {});
    await store.delete(key).catch(() => {});
    if (kind === "photo") await store.delete(photoThumbKey(key)).catch(() => {});
    await db.delete(uploads).where(eq(uploads.id, id));
    throw error;
  }
}

/** The body's chunks, refused as soon as they add up to more than the limit. */
async function* limitedBytes(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
  tooLarge: string,
): AsyncGenerator<Buffer> {
  let total = 0;
  while (true) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw refused("invalid_request", "The upload was interrupted. Please try again.");
    }
    if (chunk.done) return;
    total += chunk.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw refused("payload_too_large", tooLarge);
    }
    yield Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength);
  }
}

async function readSample(bytes: AsyncGenerator<Buffer>): Promise<Buffer[]> {
  const sample: Buffer[] = [];
  let size = 0;
  while (size < SAMPLE_BYTES) {
    const next = await bytes.next();
    if (next.done) break;
    sample.push(next.value);
    size += next.value.length;
  }
  return sample;
}

async function* rest(sample: Buffer[], bytes: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  yield* sample;
  yield* bytes;
}

async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A gallery photo as its two 4:3 WebPs (metadata dropped, turned upright). */
async function toPhoto(source: Readable): Promise<{ large: Buffer; thumb: Buffer }> {
  const input = await readAll(source);
  const sharp = await loadSharp();
  try {
    const size = async ({ width, height }: { width: number; height: number }) =>
      sharp(input, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(width, height, { fit: "cover", position: "attention" })
        .webp({ quality: 80 })
        .toBuffer();
    // One after the other: two decodes at once would double the peak memory.
    const large = await size(PHOTO_SIZES.large);
    const thumb = await size(PHOTO_SIZES.thumb);
    return { large, thumb };
  } catch {
    throw refused("unsupported_media_type", uploadMessages.unreadableImage);
  }
}

/**
 * One of her site pictures, kept whole but no larger than any place shows it, as a near-lossless
 * WebP (metadata dropped, turned upright): the sizes each place needs are cut from it when she
 * places it (decision 051), and again from it if she moves it.
 */
async function toMaster(source: Readable): Promise<Buffer> {
  const input = await readAll(source);
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(MASTER_EDGE, MASTER_EDGE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 92 })
      .toBuffer();
  } catch {
    throw refused("unsupported_media_type", uploadMessages.unreadableImage);
  }
}

/** Any accepted image, re-encoded as the 1200 × 630 WebP the shop shows (metadata dropped). */
async function toCover(source: Readable): Promise<Buffer> {
  const input = await readAll(source);
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(COVER.width, COVER.height, { fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw refused("unsupported_media_type", uploadMessages.unreadableImage);
  }
}

/**
 * Claims `{folder}/{timestamp}-{name}` (spec §7) for this upload. The unique key in the uploads
 * table makes two uploads of one name in the same millisecond take different keys.
 */
async function reserveKey(
  services: AppServices,
  row: {
    id: string;
    kind: UploadKind;
    folder: string;
    name: string;
    originalName: string;
    contentType: string;
    uploadedBy: string;
  },
): Promise<string> {
  const { db } = services.database;
  const now = Date.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    const storageKey = `${row.folder}/${now + attempt}-${row.name}`;
    const inserted = await db
      .insert(uploads)
      .values({
        id: row.id,
        kind: row.kind,
        storageKey,
        originalName: row.originalName,
        contentType: row.contentType,
        uploadedBy: row.uploadedBy,
      })
      .onConflictDoNothing({ target: uploads.storageKey })
      .returning({ id: uploads.id });
    if (inserted.length > 0) return storageKey;
  }
  throw new Error("Could not reserve a storage key for the upload");
}

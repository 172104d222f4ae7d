import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, lt, max, sql } from "drizzle-orm";
import { songs as shippedSongs } from "~/content/songs";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { songs, uploads } from "~/lib/db/schema.server";
import { unclaimedUpload } from "~/lib/db/unclaimed-upload.server";
import type { AppServices } from "~/lib/services.server";
import { parseDuration, type SongForm, songMessages } from "./song-schema";

const notFound = () => new AppError("not_found", songMessages.notFound, "Not found");

/** `songs/1700000000000-light-within.mp3` → the format the page names ("MP3"). */
const formatOf = (key: string) => (key.split(".").pop() ?? "audio").toUpperCase();

/**
 * Creates a song at the end of the list, or updates the one with `id`. A new recording (an upload of
 * kind `song`, already sniffed and size-limited) is claimed in the same transaction, so the sweep
 * never takes it and it joins one song once; the recording it replaces is deleted after the commit.
 * The upload is locked first and claimed once the song's row exists, as `song_id` refers to it.
 */
export async function saveSong(services: AppServices, id: string | null, form: SongForm): Promise<string> {
  const songId = id ?? randomUUID();
  const text = {
    title: form.title,
    theme: form.theme,
    durationSeconds: form.duration,
    description: form.description,
    youtubeUrl: form.youtubeUrl,
  };
  const replaced = await services.database.db.transaction(async (tx) => {
    const [existing] = id ? await tx.select().from(songs).where(eq(songs.id, id)).for("update") : [];
    if (id && !existing) throw notFound();
    let audio: Partial<typeof songs.$inferInsert> = {};
    if (form.upload) {
      const [upload] = await tx
        .select({ key: uploads.storageKey, name: uploads.originalName })
        .from(uploads)
        .where(
          and(eq(uploads.id, form.upload), eq(uploads.kind, "song"), unclaimedUpload, isNotNull(uploads.completedAt)),
        )
        .for("update");
      if (!upload) throw new AppError("invalid_request", songMessages.uploadGone, "Upload Error");
      const ext = upload.key.split(".").pop() ?? "";
      audio = {
        audioSrc: `/media/${upload.key}`,
        audioKey: upload.key,
        audioName: `${upload.name.replace(/\.[^.]*$/, "") || "song"}.${ext}`,
        audioFormat: formatOf(upload.key),
      };
    } else if (form.removeAudio) {
      audio = { audioSrc: null, audioKey: null, audioName: null, audioFormat: null };
    }
    if (existing) {
      await tx
        .update(songs)
        .set({ ...text, ...audio })
        .where(eq(songs.id, songId));
    } else {
      await tx.insert(songs).values({ id: songId, ...text, ...audio, position: (await lastPosition(tx)) + 1 });
    }
    if (form.upload) await tx.update(uploads).set({ songId }).where(eq(uploads.id, form.upload));
    const oldKey = existing && "audioSrc" in audio ? existing.audioKey : null;
    if (oldKey) await tx.delete(uploads).where(eq(uploads.storageKey, oldKey));
    return oldKey;
  });
  onPublicContentChanged(services);
  if (replaced) await deleteFile(services, replaced);
  return songId;
}

async function lastPosition(tx: Transaction): Promise<number> {
  const [last] = await tx.select({ position: max(songs.position) }).from(songs);
  return last?.position ?? 0;
}

/**
 * Copies the four shipped songs into the table, so the owner edits them rather than starting from
 * nothing. Only while she has none (under a lock, so two clicks copy them once).
 */
export async function adoptShippedSongs(services: AppServices): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE songs IN EXCLUSIVE MODE`);
    const [any] = await tx.select({ id: songs.id }).from(songs).limit(1);
    if (any) throw new AppError("conflict", songMessages.alreadyAdopted, "Validation Error");
    await tx.insert(songs).values(
      shippedSongs.map((song, index) => ({
        id: randomUUID(),
        title: song.title,
        theme: song.theme,
        durationSeconds: parseDuration(song.duration) ?? 0,
        description: song.description,
        youtubeUrl: song.youtubeUrl,
        position: index + 1,
        audioSrc: song.audio?.src ?? null,
        audioName: song.audio?.fileName ?? null,
        audioFormat: song.audio?.format ?? null,
      })),
    );
  });
  onPublicContentChanged(services);
}

/** Swaps a song with its neighbour before (`up`) or after (`down`); at either end nothing moves. */
export async function moveSong(services: AppServices, id: string, direction: "up" | "down"): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    const [song] = await tx.select().from(songs).where(eq(songs.id, id)).for("update");
    if (!song) throw notFound();
    const [neighbour] = await tx
      .select()
      .from(songs)
      .where(direction === "up" ? lt(songs.position, song.position) : gt(songs.position, song.position))
      .orderBy(direction === "up" ? desc(songs.position) : asc(songs.position))
      .limit(1)
      .for("update");
    if (!neighbour) return;
    await tx.update(songs).set({ position: neighbour.position }).where(eq(songs.id, song.id));
    await tx.update(songs).set({ position: song.position }).where(eq(songs.id, neighbour.id));
  });
  onPublicContentChanged(services);
}

/**
 * Removes a song and its upload row (`uploads.song_id` cascades), then its recording (after the row,
 * so no page links a missing file).
 */
export async function removeSong(services: AppServices, id: string): Promise<void> {
  const { db } = services.database;
  const [removed] = await db.delete(songs).where(eq(songs.id, id)).returning();
  if (!removed) throw notFound();
  onPublicContentChanged(services);
  if (removed.audioKey) await deleteFile(services, removed.audioKey);
}

async function deleteFile(services: AppServices, key: string): Promise<void> {
  await services.images.delete(key).catch((error: unknown) => {
    services.logger.warn({ err: error, key }, "song recording not deleted");
  });
}

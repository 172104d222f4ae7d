import { asc } from "drizzle-orm";
import { songs as shippedSongs } from "~/content/songs";
import type { Database } from "~/lib/db/client.server";
import { type SongRow, songs } from "~/lib/db/schema.server";
import { formatDuration, type SongView } from "./song-schema";

export function toSongView(row: SongRow): SongView {
  return {
    id: row.id,
    title: row.title,
    theme: row.theme,
    duration: formatDuration(row.durationSeconds),
    description: row.description,
    youtubeUrl: row.youtubeUrl,
    ...(row.audioSrc
      ? { audio: { src: row.audioSrc, fileName: row.audioName ?? "song", format: row.audioFormat ?? "Audio" } }
      : {}),
  };
}

/** The owner's songs in her order, and the rows themselves for the admin. */
export function listSongRows(db: Database) {
  return db.select().from(songs).orderBy(asc(songs.position), asc(songs.createdAt)).limit(200);
}

/**
 * What /music lists: the owner's songs once she has any, the four shipped songs until then (the
 * same rule as the galleries' placeholder art, decision 031).
 */
export async function listSongs(db: Database): Promise<{ songs: SongView[]; shipped: boolean }> {
  const rows = await listSongRows(db);
  if (rows.length === 0) return { songs: [...shippedSongs], shipped: true };
  return { songs: rows.map(toSongView), shipped: false };
}

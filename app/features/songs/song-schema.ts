import type { Song } from "~/content/songs";
import { youtubeUrl } from "~/features/site-settings/settings-schema";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";

/**
 * A song the owner publishes on /music (issue 15, item 4), as the admin form posts it. Text is
 * stored plain (spec §5 sanitised) and React escapes it on the way out.
 */
export const songMessages = {
  title: "Title is required (at most 120 characters).",
  theme: "Theme must be at most 60 characters.",
  duration: "Duration must be minutes and seconds, such as 3:45.",
  description: "Description must be at most 1000 characters.",
  uploadGone: "The uploaded recording was not found. Please upload it again.",
  saved: "Song saved.",
  removed: "Song removed.",
  moved: "Song moved.",
  adopted: "The four shipped songs are now yours to edit.",
  notFound: "That song no longer exists.",
  alreadyAdopted: "You already have songs of your own.",
  invalid: "Please correct the highlighted fields.",
} as const;

const plain = (max: number, message: string, min = 0) =>
  z
    .string()
    .transform((value) => sanitiseText(value).trim())
    .pipe(z.string().min(min, message).max(max, message));

/** "3:45" → 225; anything else (no colon, 60+ seconds, zero, over an hour and a half) is refused. */
export function parseDuration(value: string): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  return seconds > 0 && seconds <= 90 * 60 ? seconds : null;
}

/** 225 → "3:45". */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export const songFormSchema = z.object({
  title: plain(120, songMessages.title, 1),
  theme: plain(60, songMessages.theme),
  duration: z
    .string()
    .refine((value) => parseDuration(value) !== null, songMessages.duration)
    .transform((value) => parseDuration(value) as number),
  description: plain(1000, songMessages.description),
  youtubeUrl: youtubeUrl("YouTube link"),
  /** An uploaded recording to attach (the upload's id), or "" to keep what the song has. */
  upload: z.union([z.literal(""), z.uuid(songMessages.uploadGone)]),
  removeAudio: z.boolean(),
});

export type SongForm = z.output<typeof songFormSchema>;
export type SongField = keyof SongForm;

export function songFormFrom(data: FormData): Record<string, unknown> {
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    title: text("title"),
    theme: text("theme"),
    duration: text("duration"),
    description: text("description"),
    youtubeUrl: text("youtubeUrl"),
    upload: text("upload"),
    removeAudio: data.get("removeAudio") === "on",
  };
}

/** A song as /music shows it (the shipped songs have the same shape). */
export type SongView = Song;

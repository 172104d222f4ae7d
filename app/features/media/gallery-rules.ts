import { sacredMomentsTabs } from "~/content/photos";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";

/** Galleries the owner edits: the angel gallery, the shipped Sacred Moments tabs, and tabs she adds. */
export const SHIPPED_GALLERIES = ["angel", ...sacredMomentsTabs.map((t) => t.id)] as const;

export const galleryMessages = {
  alt: "Describe the photo for people who cannot see it (1 to 300 characters).",
  caption: "Caption must be at most 300 characters.",
  tabLabel: "Tab name is required (at most 40 characters).",
  tabExists: "There is already a tab with that name.",
  unknownGallery: "That gallery does not exist.",
  uploadGone: "The uploaded photo was not found. Please upload it again.",
  notFound: "That photo no longer exists.",
  added: "Photo added.",
  saved: "Photo saved.",
  removed: "Photo removed.",
  moved: "Photo moved.",
  tabAdded: "Tab added.",
  tabRenamed: "Tab renamed.",
  tabRemoved: "Tab removed.",
  tabNotFound: "That tab no longer exists (the three shipped tabs cannot be renamed or removed).",
  tabHasPhotos: (n: number) =>
    `This tab has ${n} ${n === 1 ? "photo" : "photos"}. Tick 'Also remove its photos' to remove the tab with them.`,
} as const;

const plain = (max: number, message: string, min = 0) =>
  z
    .string()
    .transform((value) => sanitiseText(value).trim())
    .pipe(z.string().min(min, message).max(max, message));

export const photoTextSchema = z.object({
  alt: plain(300, galleryMessages.alt, 1),
  caption: plain(300, galleryMessages.caption),
});

export const galleryIdSchema = z.string().regex(/^[a-z0-9-]{1,60}$/, galleryMessages.unknownGallery);

export const tabLabelSchema = plain(40, galleryMessages.tabLabel, 1);

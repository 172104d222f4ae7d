import type { Photo } from "~/content/photos";

/**
 * Sizes of the generated gallery files (scripts/generate-media.ts writes exactly these). Every
 * photo is cropped to 4:3 so the grid and the lightbox can reserve their space before loading.
 */
export const PHOTO_SIZES = {
  thumb: { width: 480, height: 360 },
  large: { width: 1280, height: 960 },
} as const;

export const VIDEO_THUMB_SIZE = { width: 960, height: 540 } as const;

export function photoSrc(photo: Pick<Photo, "id" | "gallery" | "src">, size: keyof typeof PHOTO_SIZES): string {
  if (photo.src) return photo.src[size];
  return `/images/gallery/${photo.gallery}/${photo.id}-${PHOTO_SIZES[size].width}.webp`;
}

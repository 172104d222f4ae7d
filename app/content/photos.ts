/**
 * The photo galleries (spec §3 static content; §9 counts: angel 9, Romania 50, Stonehenge 10,
 * Glastonbury 19). Each photo's files are public/images/gallery/<gallery>/<id>-<width>.webp, made
 * by scripts/generate-media.ts from media-source/<gallery>/<id>.(jpg|png|webp) when a real photo
 * is there, or as placeholder artwork when not.
 */
export type GalleryId = "angel" | "romania" | "stonehenge" | "glastonbury";
export type Photo = {
  id: string;
  /** A shipped gallery, or a Sacred Moments tab the owner added. */
  gallery: string;
  alt: string;
  caption: string;
  /** Shipped artwork standing in for her photographs: decorative, never described as a scene. */
  placeholder?: boolean | undefined;
  /** An uploaded photo's own files (decision 031); shipped art is found by its id. */
  src?: { thumb: string; large: string } | undefined;
};

/**
 * What the site ships in place of her photographs: drawn artwork, honestly so (issue 27). Decorative
 * (empty alt text) and captioned as artwork, never as a place or a scene, so nobody is told of a
 * photograph that does not exist. Her own photos (admin, Galleries) replace a gallery's artwork.
 */
export const PLACEHOLDER_CAPTION = "Artwork, shown until the photographs are added";

function gallery(id: GalleryId, count: number): Photo[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${id}-${String(index + 1).padStart(2, "0")}`,
    gallery: id,
    alt: "",
    caption: PLACEHOLDER_CAPTION,
    placeholder: true,
  }));
}

// Spec §9 counts.
export const angelPhotos = gallery("angel", 9);
export const romaniaPhotos = gallery("romania", 50);
export const stonehengePhotos = gallery("stonehenge", 10);
export const glastonburyPhotos = gallery("glastonbury", 19);

export const sacredMomentsTabs = [
  { id: "romania", label: "Romania", photos: romaniaPhotos },
  { id: "stonehenge", label: "Stonehenge", photos: stonehengePhotos },
  { id: "glastonbury", label: "Glastonbury", photos: glastonburyPhotos },
] as const;

export const allPhotos: readonly Photo[] = [
  ...angelPhotos,
  ...romaniaPhotos,
  ...stonehengePhotos,
  ...glastonburyPhotos,
];

/**
 * The places on the public site that show one of her own pictures (issue 27). Each slot has a fixed
 * shape, so a page reserves the picture's space before it loads (no layout shift) whatever she
 * uploads: her file is cropped to the shape around its most interesting part. Pure: the admin page,
 * the public pages and the server share it.
 */
export type PictureSlotId = (typeof PICTURE_SLOTS)[number]["id"];
export type PictureSlot = {
  id: string;
  label: string;
  hint: string;
  /** The shape, width over height, of every stored size. */
  aspect: { width: number; height: number };
  /** The stored widths (never more than the upload's own width); the largest is the fallback. */
  widths: readonly number[];
};

const SERVICE = { aspect: { width: 4, height: 3 }, widths: [480, 800, 1200] } as const;

export const PICTURE_SLOTS = [
  {
    id: "home-hero",
    label: "Home page hero",
    hint: "The large picture at the top of the home page: your practice room, or you at work. Landscape.",
    aspect: { width: 4, height: 3 },
    widths: [640, 1024, 1600],
  },
  {
    id: "portrait",
    label: "Your portrait",
    hint: "A picture of you, for 'Meet' on the home page and the top of the About page. Portrait.",
    aspect: { width: 4, height: 5 },
    widths: [400, 800, 1200],
  },
  {
    id: "about-story",
    label: "About page: your story",
    hint: "Shown beside your story on the About page.",
    ...SERVICE,
  },
  {
    id: "about-philosophy",
    label: "About page: your philosophy",
    hint: "Shown beside your healing philosophy on the About page.",
    ...SERVICE,
  },
  { id: "service-one-on-one", label: "Reiki: One-on-One Session", hint: "Shown on /reiki.", ...SERVICE },
  { id: "service-healing-journey", label: "Reiki: Healing Journey", hint: "Shown on /reiki.", ...SERVICE },
  {
    id: "service-transformation-journey",
    label: "Reiki: Transformation Journey",
    hint: "Shown on /reiki.",
    ...SERVICE,
  },
  { id: "service-standard-scan", label: "ZYTO: Standard Scan", hint: "Shown on /zyto.", ...SERVICE },
  {
    id: "service-scan-spiritual-guidance",
    label: "ZYTO: Scan with Spiritual Guidance",
    hint: "Shown on /zyto.",
    ...SERVICE,
  },
  { id: "service-scan-reiki", label: "ZYTO: Scan with Reiki", hint: "Shown on /zyto.", ...SERVICE },
  {
    id: "share",
    label: "Share image",
    hint: "The picture a link to your site shows on social media and in messages (1200 × 630).",
    aspect: { width: 1200, height: 630 },
    widths: [1200],
  },
] as const satisfies readonly PictureSlot[];

export const pictureSlotIds = PICTURE_SLOTS.map((slot) => slot.id) as readonly PictureSlotId[];

export function pictureSlot(id: string): PictureSlot | undefined {
  return PICTURE_SLOTS.find((slot) => slot.id === id);
}

/** The slot showing a session's picture (the session ids of app/content/sessions.ts). */
export const serviceSlot = (sessionId: string) => `service-${sessionId}` as PictureSlotId;

/** One stored size: the same picture as AVIF (smallest) and WebP (every browser the site supports). */
export type PictureVariant = { width: number; height: number; avif: string; webp: string };

/** A picture as the pages get it: addresses under /media, and its shape for width/height. */
export type ShownPicture = {
  alt: string;
  width: number;
  height: number;
  avifSrcSet: string;
  webpSrcSet: string;
  src: string;
};

export type ShownPictures = Partial<Record<PictureSlotId, ShownPicture>>;

export function toShownPicture(row: { alt: string; variants: readonly PictureVariant[] }): ShownPicture | undefined {
  const sorted = [...row.variants].sort((a, b) => a.width - b.width);
  const largest = sorted.at(-1);
  if (!largest) return undefined;
  return {
    alt: row.alt,
    width: largest.width,
    height: largest.height,
    avifSrcSet: sorted.map((v) => `/media/${v.avif} ${v.width}w`).join(", "),
    webpSrcSet: sorted.map((v) => `/media/${v.webp} ${v.width}w`).join(", "),
    src: `/media/${largest.webp}`,
  };
}

export const pictureMessages = {
  saved: "Picture saved. It shows on the site now.",
  removed: "Picture removed. The page shows its design without it.",
  altRequired: "Please describe the picture for visitors who cannot see it (alt text).",
  altTooLong: "Please keep the description under 200 characters.",
  unknownSlot: "That picture place does not exist.",
  uploadGone: "The upload has expired or was already used. Please upload the picture again.",
  chooseFile: "Please choose a picture to upload.",
} as const;

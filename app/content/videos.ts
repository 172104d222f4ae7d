/**
 * Videos (spec §3 static content). Thumbnails are local files so nothing is fetched from a third
 * party before the visitor asks; `youtubeId` is what the privacy-enhanced embed plays.
 */
export type Video = {
  id: string;
  title: string;
  description: string;
  caption: string;
  platform: "YouTube";
  youtubeId: string;
  /** Under public/; regenerate placeholders with scripts/generate-media.ts. */
  thumbnail: string;
};

export const youtubeWatchUrl = (video: Pick<Video, "youtubeId">) =>
  `https://www.youtube.com/watch?v=${video.youtubeId}`;

export const zytoExplainer: Video = {
  id: "zyto-explainer",
  title: "What Is a ZYTO Scan?",
  description: "A short introduction to the scan and what a session looks like.",
  caption: "An introduction to ZYTO bioenergetic scanning",
  platform: "YouTube",
  youtubeId: "ZYTOEXPLAIN",
  thumbnail: "/images/videos/zyto-explainer.webp",
};

export const featuredVideos: readonly Video[] = [
  {
    id: "romania-retreat",
    title: "Sacred Romania Retreat",
    description: "Moments from a week of meditation, song and ceremony in the Carpathian mountains.",
    caption: "Filmed in the Bucegi Mountains, Romania",
    platform: "YouTube",
    youtubeId: "ROMANIARTRT",
    thumbnail: "/images/videos/romania-retreat.webp",
  },
  {
    id: "stonehenge-solstice",
    title: "Solstice at Stonehenge",
    description: "Greeting the summer sunrise among the stones with a circle of friends.",
    caption: "Summer solstice sunrise, Wiltshire",
    platform: "YouTube",
    youtubeId: "STONEHENGE1",
    thumbnail: "/images/videos/stonehenge-solstice.webp",
  },
  {
    id: "glastonbury-tor",
    title: "Glastonbury Tor Meditation",
    description: "A guided meditation recorded at the top of the Tor as the sun went down.",
    caption: "Sunset meditation, Glastonbury, Somerset",
    platform: "YouTube",
    youtubeId: "GLASTONTOR1",
    thumbnail: "/images/videos/glastonbury-tor.webp",
  },
];

/** The 'Watch the Video Experience' link under the angel gallery. */
export const angelVideoUrl = "https://www.youtube.com/watch?v=ANGELLIGHT1";

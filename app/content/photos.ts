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
  /** An uploaded photo's own files (decision 031); shipped art is found by its id. */
  src?: { thumb: string; large: string } | undefined;
};

function gallery(id: GalleryId, entries: ReadonlyArray<readonly [alt: string, caption: string]>): Photo[] {
  return entries.map(([alt, caption], index) => ({
    id: `${id}-${String(index + 1).padStart(2, "0")}`,
    gallery: id,
    alt,
    caption,
  }));
}

export const angelPhotos = gallery("angel", [
  ["Golden orb of light above a meadow at dusk", "An orb of light appears over the meadow"],
  ["Rays of light streaming through tall pine trees", "Light pours through the pines"],
  ["A soft halo of light around a candle flame", "Candlelight halo during the ceremony"],
  ["Streaks of violet light in the evening sky", "Violet light at the close of the day"],
  ["Sunbeam forming a wing shape over a lake", "The angel wing over the lake"],
  ["Glowing mist rising from a valley at sunrise", "Sunrise mist in the valley"],
  ["Light reflecting in a crystal on an altar", "Light dancing in the crystal"],
  ["A circle of light on the grass among seated people", "A circle of light among the group"],
  ["Pale gold light over a mountain ridge", "Gold light over the ridge"],
]);

const romaniaPlaces = [
  "the Bucegi Mountains",
  "Sinaia",
  "the gardens of Peleș Castle",
  "Brașov old town",
  "Bran village",
  "the Transfăgărășan road",
  "Sibiu",
  "Sighișoara",
  "the Danube Delta",
  "the wooden churches of Maramureș",
];
const romaniaMoments = [
  ["Sunrise over", "Sunrise over"],
  ["Meditation circle in", "Meditating together in"],
  ["Wildflower meadow near", "Wildflowers near"],
  ["Candle ceremony in", "Evening candles in"],
  ["Forest path leading through", "Walking the forest path in"],
] as const;

export const romaniaPhotos = gallery(
  "romania",
  romaniaMoments.flatMap(([alt, caption]) =>
    romaniaPlaces.map((place) => [`${alt} ${place}`, `${caption} ${place}`] as const),
  ),
);

export const stonehengePhotos = gallery("stonehenge", [
  ["The stone circle silhouetted against a pink dawn sky", "Dawn at the stones"],
  ["Sun rising between two great standing stones", "The sun rises through the stones"],
  ["A small group standing quietly in the morning mist", "A quiet moment in the mist"],
  ["Close view of lichen on an ancient sarsen stone", "Ancient stone, close up"],
  ["The Heel Stone in golden morning light", "The Heel Stone at sunrise"],
  ["Drummers gathered on the grass near the circle", "Drumming to greet the day"],
  ["Long shadows of the stones across the grass", "Long morning shadows"],
  ["Wildflowers on the plain with the stones beyond", "Salisbury Plain in bloom"],
  ["Hands joined in a circle at sunrise", "Joining hands at sunrise"],
  ["The stones under a clear blue sky", "Stonehenge under a blue sky"],
]);

export const glastonburyPhotos = gallery("glastonbury", [
  ["Glastonbury Tor rising above morning fog", "The Tor above the morning fog"],
  ["St Michael's Tower on the summit of the Tor", "St Michael's Tower"],
  ["The path winding up the side of the Tor", "Climbing the Tor"],
  ["View over the Somerset Levels from the Tor", "Looking over the Levels"],
  ["The Chalice Well gardens in summer", "Chalice Well gardens"],
  ["The wellhead with its lid of interlocking circles", "The Chalice Well"],
  ["Water flowing through the Lion's Head fountain", "The Lion's Head fountain"],
  ["The White Spring's candlelit chamber", "Candles at the White Spring"],
  ["Ruins of Glastonbury Abbey on a bright day", "Glastonbury Abbey ruins"],
  ["The Holy Thorn tree in blossom", "The Holy Thorn in blossom"],
  ["Ribbons tied to a tree near the springs", "Prayer ribbons by the springs"],
  ["Sunset behind the Tor in orange light", "Sunset behind the Tor"],
  ["A meditation circle on the slopes of the Tor", "Meditating on the slopes"],
  ["The High Street with its colourful shopfronts", "Glastonbury High Street"],
  ["Crystals arranged on a cloth at a gathering", "Crystals at the gathering"],
  ["The Chalice Well pool surrounded by flowers", "The Chalice Well pool"],
  ["Wearyall Hill seen from the Tor at dusk", "Dusk from the Tor"],
  ["A lone walker on the Tor against a stormy sky", "A walker on the Tor"],
  ["Full moon rising over the Tor", "Full moon over the Tor"],
]);

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

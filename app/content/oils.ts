/** Essential oils and collections (spec §3 static content, §9 counts: 10 oils, 4 collections of 4). */
export type Oil = { name: string; intention: string };
export type OilCollection = { title: string; description: string; oils: readonly [string, string, string, string] };

export const mostUsedOils: readonly Oil[] = [
  { name: "Lavender", intention: "Calm, rest and a peaceful night's routine" },
  { name: "Frankincense", intention: "Grounding, reflection and meditation" },
  { name: "Peppermint", intention: "A fresh, focused start to the day" },
  { name: "Wild Orange", intention: "Joy, warmth and a lighter mood" },
  { name: "Lemon", intention: "Brightness and a fresh, clean home" },
  { name: "Eucalyptus", intention: "An open, refreshing feeling in the air" },
  { name: "Tea Tree", intention: "Cleansing rituals and natural home care" },
  { name: "Rose", intention: "Self-love and heart-centred moments" },
  { name: "Sandalwood", intention: "Stillness and a deeper meditation" },
  { name: "Bergamot", intention: "Confidence and gentle optimism" },
];

export const oilCollections: readonly OilCollection[] = [
  {
    title: "Calm and Rest",
    description: "Soft, soothing aromas for unwinding in the evening.",
    oils: ["Lavender", "Roman Chamomile", "Cedarwood", "Vetiver"],
  },
  {
    title: "Uplift and Energy",
    description: "Bright, zesty oils to lift the mood and freshen the day.",
    oils: ["Wild Orange", "Lemon", "Peppermint", "Grapefruit"],
  },
  {
    title: "Meditation and Spirit",
    description: "Rich, resinous aromas for prayer, meditation and ceremony.",
    oils: ["Frankincense", "Sandalwood", "Myrrh", "Spikenard"],
  },
  {
    title: "Heart and Self-Love",
    description: "Floral, warming oils for kindness towards yourself.",
    oils: ["Rose", "Ylang Ylang", "Geranium", "Bergamot"],
  },
];

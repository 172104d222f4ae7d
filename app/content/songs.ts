/** Sacred songs (spec §3 static content; §2 durations 3:45, 4:12, 3:28, 3:15). */
export type Song = {
  id: string;
  title: string;
  theme: string;
  duration: string;
  description: string;
  youtubeUrl: string;
  /**
   * A downloadable recording under public/, when there is one. Without it the page shows no
   * download button (a button that does nothing would mislead).
   */
  audio?: { src: string; fileName: string; format: string };
};

export const songs: readonly Song[] = [
  {
    id: "light-within",
    title: "Light Within",
    theme: "Self-love",
    duration: "3:45",
    description: "A tender song about remembering the light you carry, written for quiet mornings.",
    youtubeUrl: "https://www.youtube.com/watch?v=LIGHTWITHIN",
    // A short sample recording: replace with the full song when it is released.
    audio: { src: "/audio/light-within-sample.wav", fileName: "light-within-sample.wav", format: "WAV" },
  },
  {
    id: "angel-wings",
    title: "Angel Wings",
    theme: "Angelic guidance",
    duration: "4:12",
    description: "Layered voices and soft bells, inspired by the angel-light photographs from a summer ceremony.",
    youtubeUrl: "https://www.youtube.com/watch?v=ANGELWINGS1",
  },
  {
    id: "sacred-earth",
    title: "Sacred Earth",
    theme: "Grounding",
    duration: "3:28",
    description: "A drum-led chant recorded after a sunrise at Stonehenge, for feeling rooted and present.",
    youtubeUrl: "https://www.youtube.com/watch?v=SACREDEARTH",
  },
  {
    id: "return-to-peace",
    title: "Return to Peace",
    theme: "Inner peace",
    duration: "3:15",
    description: "A slow lullaby for the end of the day, to soften into rest.",
    youtubeUrl: "https://www.youtube.com/watch?v=RETURNPEACE",
  },
];

export const musicContent = {
  hero: {
    eyebrow: "Music",
    title: "Sacred Songs",
    intro: "Songs for meditation, reflection and rest, written and sung from the heart.",
  },
  listenLabel: "Listen on YouTube",
  comingSoon: {
    title: "More Sacred Songs Coming Soon",
    text: "New songs are on the way. Follow along on social media to hear them first.",
    cta: "Follow for New Releases",
    target: "follow",
  },
  follow: { id: "follow", title: "Follow the Music", text: "New songs, live sessions and behind-the-scenes moments." },
} as const;

/** The media and events page (spec §2, Media and events). Videos and photos have their own modules. */
export const mediaEventsContent = {
  hero: {
    eyebrow: "Media & Events",
    title: "Media & Sacred Events",
    intro: "Videos, photographs and gatherings from sacred places in Romania and across Britain.",
    buttons: [
      { label: "Watch Videos", target: "videos" },
      { label: "View Gallery", target: "sacred-moments" },
    ],
  },
  videos: { id: "videos", title: "Featured Videos", watchLabel: "Watch Video" },
  angel: {
    id: "angel-light",
    title: "Angel Light Gallery",
    intro: "Light that appeared in our photographs during a summer ceremony. Tap any image to see it larger.",
    videoLink: "Watch the Video Experience",
  },
  events: {
    id: "events",
    title: "Upcoming Events",
    empty: "No upcoming events for now",
    text: "New retreats, circles and workshops are announced on social media first.",
    cta: { label: "Stay Connected", target: "connect" },
  },
  sacredMoments: {
    id: "sacred-moments",
    title: "Sacred Moments",
    intro: "Photographs from our journeys to sacred places.",
  },
  connect: {
    id: "connect",
    title: "Follow Our Journey",
    text: "Photos, videos and event news, shared on social media.",
    cta: { label: "Join Our Sacred Community", target: "events" },
  },
} as const;

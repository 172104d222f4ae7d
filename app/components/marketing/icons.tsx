const paths = {
  hands: "M12 21s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 11c0 5.6-7 10-7 10z",
  book: "M4 5a2 2 0 012-2h12v16H6a2 2 0 00-2 2V5zm2 14h12v2H6a1 1 0 010-2z",
  scan: "M4 8V4h4M20 8V4h-4M4 16v4h4M20 16v4h-4M7 12h10",
  star: "M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z",
  check: "M5 12l4 4 10-10",
  mail: "M3 6h18v12H3zM3 6l9 7 9-7",
  chat: "M4 5h16v11H9l-5 4z",
  clock: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 4v5l3 2",
  pin: "M12 21s-6-5.7-6-11a6 6 0 1112 0c0 5.3-6 11-6 11zm0-8.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z",
  leaf: "M5 19c0-8 6-14 15-14 0 9-6 15-14 15M5 19l7-7",
  drop: "M12 3s6 6.5 6 11a6 6 0 01-12 0c0-4.5 6-11 6-11z",
  play: "M8 5v14l11-7z",
  download: "M12 4v11m0 0l-4-4m4 4l4-4M5 19h14",
  music: "M9 18V6l11-2v12M9 18a3 3 0 11-6 0 3 3 0 016 0zm11-2a3 3 0 11-6 0 3 3 0 016 0z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  sparkle: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6",
  heart: "M12 20s-7-4.5-7-10a4 4 0 017-2.5A4 4 0 0119 10c0 5.5-7 10-7 10z",
  close: "M6 6l12 12M18 6L6 18",
  left: "M15 5l-7 7 7 7",
  right: "M9 5l7 7-7 7",
} as const;

export type IconName = keyof typeof paths;

/** A decorative line icon; meaning always comes from the text beside it. */
export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  const filled = name === "play" || name === "star";
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** The round icon badge used at the top of cards. */
export function IconBadge({ name }: { name: IconName }) {
  return (
    <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-plum-100 text-plum-700">
      <Icon name={name} />
    </span>
  );
}

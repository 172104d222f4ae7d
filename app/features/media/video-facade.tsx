import { useState } from "react";
import { Icon } from "~/components/marketing/icons";
import { type Video, youtubeWatchUrl } from "~/content/videos";
import { useConsent } from "~/features/consent/consent";
import { VIDEO_THUMB_SIZE } from "./image-sources";

/**
 * A local thumbnail that stands in for a YouTube player. Nothing is loaded from YouTube until the
 * visitor presses play, and then only the privacy-enhanced embed, only with marketing consent;
 * without consent (and before hydration) it is a plain link that opens the video on YouTube.
 */
export function VideoFacade({
  video,
  eager = false,
  noteClassName = "mt-2",
}: {
  video: Video;
  eager?: boolean;
  noteClassName?: string;
}) {
  const consent = useConsent();
  const [playing, setPlaying] = useState(false);
  const allowed = consent?.preferences.marketing === true;

  if (playing && allowed) {
    return (
      <div className="aspect-video overflow-hidden rounded-xl bg-black">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full"
        />
      </div>
    );
  }

  const face = (
    <>
      <img
        src={video.thumbnail}
        alt=""
        width={VIDEO_THUMB_SIZE.width}
        height={VIDEO_THUMB_SIZE.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-video h-auto w-full object-cover"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-white/90 text-plum-800 shadow-lg transition-transform group-hover:scale-110">
          <Icon name="play" className="ml-1 size-8" />
        </span>
      </span>
    </>
  );
  const frame = "group relative block w-full overflow-hidden rounded-xl bg-plum-900";

  return (
    <div>
      {allowed ? (
        <button type="button" className={frame} onClick={() => setPlaying(true)}>
          {face}
          <span className="sr-only">Play video: {video.title}</span>
        </button>
      ) : (
        <a href={youtubeWatchUrl(video)} target="_blank" rel="noopener noreferrer" className={frame}>
          {face}
          <span className="sr-only">Play video on YouTube: {video.title} (opens in a new tab)</span>
        </a>
      )}
      {consent !== undefined && !allowed ? (
        <p className={`text-xs text-muted ${noteClassName}`}>Accept marketing cookies to play videos on this page.</p>
      ) : null}
    </div>
  );
}

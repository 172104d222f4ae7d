import { type ShownPictures, serviceSlot } from "../picture-slots";
import { SitePicture } from "./site-picture";

/**
 * Her picture of one session or scan, or nothing (the card stands without it). Sized for the card:
 * a third of the page on a wide screen.
 */
export function servicePicture(pictures: ShownPictures, sessionId: string): React.ReactNode {
  const picture = pictures[serviceSlot(sessionId)];
  if (!picture) return undefined;
  return (
    <SitePicture
      picture={picture}
      sizes="(min-width: 1024px) 22rem, (min-width: 640px) 40rem, 100vw"
      className="aspect-[4/3] h-auto w-full object-cover"
    />
  );
}

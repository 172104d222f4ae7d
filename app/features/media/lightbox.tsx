import { Dialog } from "radix-ui";
import { useRef } from "react";
import { Icon } from "~/components/marketing/icons";
import type { Photo } from "~/content/photos";
import { PHOTO_SIZES, photoSrc } from "./image-sources";

/**
 * One photo at a time, large, with its caption. Radix Dialog traps focus, closes on Escape and
 * returns focus to the thumbnail that opened it; arrow keys and a horizontal swipe move between
 * photos.
 */
export function Lightbox({
  title,
  photos,
  index,
  onIndexChange,
  returnFocusTo,
}: {
  title: string;
  photos: readonly Photo[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** The thumbnail that opened it: Radix only refocuses its own Dialog.Trigger, which a grid has not. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const move = (step: number) => {
    if (index !== null) onIndexChange((index + step + count) % count);
  };

  return (
    <Dialog.Root open={photo !== undefined} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-plum-900/95 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex touch-pan-y flex-col items-center justify-center p-3 outline-none sm:p-8"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo?.current?.focus();
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") move(1);
            else if (event.key === "ArrowLeft") move(-1);
          }}
          onPointerDown={(event) => {
            swipeStart.current = { x: event.clientX, y: event.clientY };
          }}
          onPointerUp={(event) => {
            const start = swipeStart.current;
            swipeStart.current = null;
            if (!start) return;
            const dx = event.clientX - start.x;
            if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(event.clientY - start.y)) move(dx < 0 ? 1 : -1);
          }}
        >
          {photo ? (
            <>
              <Dialog.Title className="sr-only">
                {title}: photo {(index ?? 0) + 1} of {count}
              </Dialog.Title>
              <figure className="flex max-h-full w-full max-w-5xl flex-col items-center">
                <img
                  key={photo.id}
                  src={photoSrc(photo, "large")}
                  alt={photo.alt}
                  width={PHOTO_SIZES.large.width}
                  height={PHOTO_SIZES.large.height}
                  className="h-auto max-h-[calc(100dvh-10rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl"
                  draggable={false}
                />
                <figcaption className="mt-4 text-center text-white">
                  <span className="block text-lg">{photo.caption}</span>
                  <span className="text-sm text-plum-200">
                    {(index ?? 0) + 1} / {count}
                  </span>
                </figcaption>
              </figure>
              <button
                type="button"
                onClick={() => move(-1)}
                className="absolute top-1/2 left-2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-plum-900 hover:bg-white sm:left-6"
                aria-label="Previous photo"
              >
                <Icon name="left" />
              </button>
              <button
                type="button"
                onClick={() => move(1)}
                className="absolute top-1/2 right-2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-plum-900 hover:bg-white sm:right-6"
                aria-label="Next photo"
              >
                <Icon name="right" />
              </button>
              <Dialog.Close
                className="absolute top-3 right-3 inline-flex size-12 items-center justify-center rounded-full bg-white/90 text-plum-900 hover:bg-white sm:top-6 sm:right-6"
                aria-label="Close"
              >
                <Icon name="close" />
              </Dialog.Close>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { lazy, Suspense, useRef, useState } from "react";
import type { Photo } from "~/content/photos";
import { PHOTO_SIZES, photoSrc } from "./image-sources";

// The lightbox (a dialog) is fetched the first time a photo is opened.
const Lightbox = lazy(() => import("./lightbox").then((m) => ({ default: m.Lightbox })));

/** A grid of thumbnails; each opens the lightbox at that photo. */
export function PhotoGrid({
  title,
  photos,
  columns = "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4",
}: {
  title: string;
  photos: readonly Photo[];
  columns?: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <ul className={`grid gap-2 sm:gap-4 ${columns}`} aria-label={`${title}: ${photos.length} photos`}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(index);
              }}
              className="group block w-full overflow-hidden rounded-xl bg-plum-100"
              aria-label={
                photo.placeholder ? `Open artwork ${index + 1} of ${photos.length}` : `Open photo: ${photo.caption}`
              }
            >
              <img
                src={photoSrc(photo, "thumb")}
                alt={photo.alt}
                width={PHOTO_SIZES.thumb.width}
                height={PHOTO_SIZES.thumb.height}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      {open === null ? null : (
        <Suspense fallback={null}>
          <Lightbox title={title} photos={photos} index={open} onIndexChange={setOpen} returnFocusTo={opener} />
        </Suspense>
      )}
    </>
  );
}

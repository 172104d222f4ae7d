import { useRouteLoaderData } from "react-router";
import { usePreloadImage } from "~/components/head-preloads";
import type { PictureSlotId, ShownPicture, ShownPictures } from "../picture-slots";

/** Her pictures by place, from the root loader. */
export function useSitePictures(): ShownPictures {
  const root = useRouteLoaderData("root") as { pictures?: ShownPictures } | undefined;
  return root?.pictures ?? {};
}

export function useSitePicture(slot: PictureSlotId): ShownPicture | undefined {
  return useSitePictures()[slot];
}

/**
 * One of her pictures, as AVIF where the browser takes it and WebP otherwise, in the size `sizes`
 * says the layout needs. Its width and height reserve its space before it loads (no layout shift).
 * `priority` is for the first picture of a page: preloaded in the document's head and fetched
 * early, never lazily. The caller decides what shows when she has not uploaded one.
 */
export function SitePicture({
  picture,
  sizes,
  priority = false,
  className,
}: {
  picture: ShownPicture;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const preload = usePreloadImage();
  if (priority) {
    preload({ href: picture.src, type: "image/avif", imageSrcSet: picture.avifSrcSet, imageSizes: sizes });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={picture.webpSrcSet} sizes={sizes} />
      <img
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? undefined : "async"}
        className={className}
        data-picture
      />
    </picture>
  );
}

import { createContext, useContext } from "react";

/** An image the page shows first, to fetch before the stylesheet and scripts are read. */
export type ImagePreload = { href: string; imageSrcSet: string; imageSizes: string; type: string };

const HeadPreloadsContext = createContext<ImagePreload[] | null>(null);

/**
 * The server's list of images to preload, filled while the page renders and written into the head
 * afterwards (`preloadLinks`), as React's `preload()` did: Preact has no such call (decision 063). In
 * the browser there is no list, and the image is fetched as its `<img>` says.
 */
export const HeadPreloadsProvider = HeadPreloadsContext.Provider;

export function usePreloadImage(): (image: ImagePreload) => void {
  const list = useContext(HeadPreloadsContext);
  return (image) => {
    if (list && !list.some((known) => known.href === image.href)) list.push(image);
  };
}

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** The preloads as markup, for the end of the head (after every element the page itself puts there). */
export function preloadLinks(list: ImagePreload[]): string {
  return list
    .map(
      (image) =>
        `<link rel="preload" as="image" href="${attribute(image.href)}" type="${attribute(image.type)}" imagesrcset="${attribute(image.imageSrcSet)}" imagesizes="${attribute(image.imageSizes)}" fetchpriority="high"/>`,
    )
    .join("");
}

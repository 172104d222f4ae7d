/**
 * A product's cover: every cover is stored as a 1200 × 630 WebP (the link-preview shape), so
 * the page reserves that shape before the image arrives. Decorative: the title is beside it.
 */
export function CoverImage({
  src,
  className,
  lazy = false,
}: {
  src: string;
  className: string;
  /** Below the fold (cards): load when scrolled near. */
  lazy?: boolean;
}) {
  return <img src={src} alt="" width={1200} height={630} loading={lazy ? "lazy" : undefined} className={className} />;
}

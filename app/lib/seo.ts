import type { MetaDescriptor } from "react-router";
import { defaultSite, type Site } from "~/content/site";

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the page, for the canonical URL. */
  path: string;
  /** The site's public origin (root loader's `publicUrl`); links stay relative without it. */
  origin?: string | undefined;
  /** Image for link previews; an absolute URL or a path. */
  image?: string | undefined;
  /** Alt text of the preview image. */
  imageAlt?: string | undefined;
  type?: "website" | "product" | "article";
  /** The practice's details (root loader's `site`, via `siteFrom(matches)`), with her share image if she set one. */
  site?: (Site & { shareImage?: ShareImage | undefined }) | undefined;
};

/** Her own link-preview picture (decision 051), exactly 1200 × 630 like the default. */
export type ShareImage = { path: string; alt: string };

/** The default link-preview image (public/og-image.jpg) and its size, which some apps require. */
export const DEFAULT_OG_IMAGE = { path: "/og-image.jpg", width: 1200, height: 630 } as const;

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta({
  title,
  description,
  path,
  origin = "",
  image,
  imageAlt,
  type = "website",
  site = defaultSite,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === site.brand ? title : `${title} | ${site.brand}`;
  const url = `${origin}${path}`;
  const shared = image ? undefined : site.shareImage;
  const imageUrl =
    image && /^https?:\/\//.test(image) ? image : `${origin}${image ?? shared?.path ?? DEFAULT_OG_IMAGE.path}`;
  const alt = imageAlt ?? shared?.alt ?? `${site.brand}: ${site.tagline}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(image
      ? []
      : [
          { property: "og:image:width", content: String(DEFAULT_OG_IMAGE.width) },
          { property: "og:image:height", content: String(DEFAULT_OG_IMAGE.height) },
        ]),
    { property: "og:image:alt", content: alt },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: alt },
  ];
}

/** The public origin from the root loader's data, for canonical and Open Graph URLs. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

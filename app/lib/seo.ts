import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the page, for the canonical URL. */
  path: string;
  /** The site's public origin (root loader's `publicUrl`); links stay relative without it. */
  origin?: string | undefined;
  /** Image for link previews; an absolute URL or a path. */
  image?: string | undefined;
  type?: "website" | "product" | "article";
};

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta({
  title,
  description,
  path,
  origin = "",
  image,
  type = "website",
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === site.brand ? title : `${title} | ${site.brand}`;
  const url = `${origin}${path}`;
  const imageUrl = `${origin}${image ?? "/og-image.jpg"}`;
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
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

/** The public origin from the root loader's data, for canonical and Open Graph URLs. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

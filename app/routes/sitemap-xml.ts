import { isNull } from "drizzle-orm";
import { publicPages } from "~/content/public-pages";
import { servicesContext } from "~/lib/context";
import { products } from "~/lib/db/schema.server";
import type { Route } from "./+types/sitemap-xml";

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] ?? ch,
  );

const SITEMAP_MAX_URLS = 50_000;

/** Every public page and every product still in the catalogue. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = context.get(servicesContext);
  const rows = await database.db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(products.sortOrder)
    // The sitemap protocol allows 50,000 URLs in one file; beyond that a sitemap index would be needed.
    .limit(SITEMAP_MAX_URLS - publicPages.length);
  const entries = [
    ...publicPages.map((path) => `  <url><loc>${escapeXml(`${env.PUBLIC_URL}${path}`)}</loc></url>`),
    ...rows.map(
      (row) =>
        `  <url><loc>${escapeXml(`${env.PUBLIC_URL}/product/${encodeURIComponent(row.id)}`)}</loc><lastmod>${row.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { and, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { products } from "~/lib/db/schema.server";
import type { CurrentProduct } from "./cart-store";
import { isForSale } from "./model";

/** Products a cart holds, as the catalogue has them now; withdrawn ones are simply absent. */
export async function listCurrentProducts(db: Database, ids: string[]): Promise<CurrentProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    price_cents: row.priceCents,
    product_type: row.productType,
    image_url: row.imageUrl,
    for_sale: isForSale({ id: row.id, priceCents: row.priceCents, hasFile: Boolean(row.downloadUrl) }),
  }));
}

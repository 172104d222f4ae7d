import { and, desc, eq } from "drizzle-orm";
import { getProductsByIds } from "~/features/catalogue/get-product.server";
import type { Database } from "~/lib/db/client.server";
import { purchases } from "~/lib/db/schema.server";

/** This user's paid purchases, newest first, each with its products. */
export async function listPurchases(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, "paid")))
    .orderBy(desc(purchases.createdAt));
  const products = await getProductsByIds(db, [...new Set(rows.flatMap((r) => r.productIds))]);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    totalCents: row.totalAmountCents,
    products: row.productIds.map((id) => {
      const product = products.find((p) => p.id === id);
      return {
        id,
        title: product?.title ?? "Product no longer available",
        productType: product?.productType ?? "digital_guide",
        hasDownload: Boolean(product?.downloadUrl),
        isAudio: /\.(wav|mp3|m4a|ogg|flac|aac)$/i.test(product?.downloadUrl ?? ""),
        attachmentCount: product?.pdfAttachments.length ?? 0,
      };
    }),
  }));
}

import { and, eq, lt } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { downloadLog, type Product } from "~/lib/db/schema.server";
import { type Access, type AccessFacts, decideAccess } from "./decide-access";
import { getMembership } from "./get-membership.server";
import { getOwnedProductIds } from "./get-owned-product-ids.server";

/** The facts `decideAccess` needs about one account (or a visitor), read once. */
export async function getAccessFacts(
  db: Database,
  account: { id: string; email: string } | null,
): Promise<AccessFacts> {
  if (!account) return { signedIn: false, owned: new Set(), member: false };
  const [owned, membership] = await Promise.all([getOwnedProductIds(db, account.id), getMembership(db, account.email)]);
  return { signedIn: true, owned, member: membership.subscribed };
}

/** The entitlement rule on the server, for one product: checked before any byte of a file is sent. */
export async function checkAccess(
  db: Database,
  account: { id: string; email: string } | null,
  product: Pick<Product, "id" | "productType" | "priceCents" | "archivedAt">,
): Promise<Access> {
  const facts = await getAccessFacts(db, account);
  if (account && product.archivedAt) {
    const [earlier] = await db
      .select({ id: downloadLog.id })
      .from(downloadLog)
      .where(
        and(
          eq(downloadLog.userId, account.id),
          eq(downloadLog.productId, product.id),
          lt(downloadLog.createdAt, product.archivedAt),
        ),
      )
      .limit(1);
    if (earlier) facts.downloadedBeforeArchive = new Set([product.id]);
  }
  return decideAccess(product, facts);
}

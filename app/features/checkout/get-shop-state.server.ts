import { getOwnedProductIds } from "~/features/entitlements/get-owned-product-ids.server";
import { getMembership } from "~/features/membership/get-membership.server";
import { getPaymentProvider } from "~/features/payments/get-payment-provider.server";
import type { AppServices } from "~/lib/services.server";

export type ShopState = {
  signedIn: boolean;
  owned: string[];
  member: boolean;
  checkoutHosts: string[];
  demoMode: boolean;
};

/** What the shop's screens branch on for this visitor. */
export async function getShopState(
  services: AppServices,
  account: { id: string; email: string } | null,
): Promise<ShopState> {
  const provider = getPaymentProvider(services);
  const base = {
    checkoutHosts: provider.checkoutHosts(services.env.PUBLIC_URL),
    demoMode: provider.name === "demo",
  };
  if (!account) return { signedIn: false, owned: [], member: false, ...base };
  const { db } = services.database;
  const [owned, membership] = await Promise.all([getOwnedProductIds(db, account.id), getMembership(db, account.email)]);
  return { signedIn: true, owned: [...owned], member: membership.subscribed, ...base };
}

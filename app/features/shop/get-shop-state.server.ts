import type { AppServices } from "~/lib/services.server";
import { getAccessFacts } from "./check-access.server";
import type { AccessFacts } from "./decide-access";
import { getPaymentProvider } from "./get-payment-provider.server";

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
  return shopStateFromFacts(services, await getAccessFacts(services.database.db, account));
}

/** The same, from access facts a page has already read (so they are read once per request). */
export function shopStateFromFacts(services: AppServices, facts: AccessFacts): ShopState {
  const provider = getPaymentProvider(services);
  return {
    signedIn: facts.signedIn,
    owned: [...facts.owned],
    member: facts.member,
    checkoutHosts: provider.checkoutHosts(services.env.PUBLIC_URL),
    demoMode: provider.name === "demo",
  };
}

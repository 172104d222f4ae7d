import { eq } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { subscribers, user } from "~/lib/db/schema.server";
import { MEMBERSHIP_TIER } from "./model";
import type { SubscriptionState } from "./payment-provider.server";

/** Records what the provider says of a member's subscription; the membership follows it. */
export async function syncSubscription(tx: Transaction, state: SubscriptionState): Promise<void> {
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, state.userId));
  if (!account) return;
  const values = {
    userId: state.userId,
    subscribed: state.live,
    subscriptionTier: MEMBERSHIP_TIER,
    subscriptionEnd: state.periodEnd,
    provider: state.provider,
    providerCustomerId: state.customerId,
    providerSubscriptionId: state.subscriptionId,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
  await tx
    .insert(subscribers)
    .values({ email: account.email.toLowerCase(), ...values })
    .onConflictDoUpdate({ target: subscribers.email, set: values });
}

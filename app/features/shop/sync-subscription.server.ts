import { eq } from "drizzle-orm";
import type { Transaction } from "~/lib/db/client.server";
import { subscribers, user } from "~/lib/db/schema.server";
import type { MembershipNotice } from "./membership-email";
import { MEMBERSHIP_TIER } from "./model";
import type { SubscriptionState } from "./payment-provider.server";

/** A change of membership worth telling someone about; 'started' goes to the owner (the member gets a receipt). */
export type MembershipChange = { userId: string; notice: MembershipNotice | { kind: "started" } };

/**
 * Records what the provider says of a member's subscription; the membership follows it. Answers the
 * change it made (cancelled, resumed, renewed, started), compared with the row it replaces (locked),
 * so a state delivered twice, by one event or two, is a change once.
 */
export async function syncSubscription(tx: Transaction, state: SubscriptionState): Promise<MembershipChange | null> {
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, state.userId));
  if (!account) return null;
  const email = account.email.toLowerCase();
  const [before] = await tx.select().from(subscribers).where(eq(subscribers.email, email)).for("update");
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
    .values({ email, ...values })
    .onConflictDoUpdate({ target: subscribers.email, set: values });
  return membershipChange(before, state);
}

function membershipChange(
  before: typeof subscribers.$inferSelect | undefined,
  state: SubscriptionState,
): MembershipChange | null {
  const change = (notice: MembershipChange["notice"]) => ({ userId: state.userId, notice });
  if (!state.live) return null;
  const sameSubscription = before?.providerSubscriptionId === state.subscriptionId;
  if (!before?.subscribed || !sameSubscription) return change({ kind: "started" });
  if (!before.cancelAtPeriodEnd && state.cancelAtPeriodEnd) {
    return change({ kind: "cancelled", accessUntil: state.periodEnd });
  }
  if (before.cancelAtPeriodEnd && !state.cancelAtPeriodEnd)
    return change({ kind: "resumed", renewsOn: state.periodEnd });
  // A new paid period: the end moved on by most of a month.
  const DAY = 24 * 3600 * 1000;
  if (
    before.subscriptionEnd &&
    state.periodEnd &&
    state.periodEnd.getTime() - before.subscriptionEnd.getTime() > 20 * DAY
  ) {
    return change({ kind: "renewed", amountCents: null, renewsOn: state.periodEnd });
  }
  return null;
}

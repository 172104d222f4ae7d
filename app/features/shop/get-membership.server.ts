import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { subscribers } from "~/lib/db/schema.server";
import { MEMBERSHIP_TIER } from "./model";

export type Membership = {
  subscribed: boolean;
  subscription_tier: string | null;
  subscription_end: string | null;
  /** Will not renew: access ends at subscription_end. */
  cancel_at_period_end: boolean;
  provider: string | null;
};

/**
 * The check-subscription answer for one account. Access lasts while the provider says the
 * subscription is live and, when an end is known, until that end.
 */
export async function getMembership(db: Database, email: string, now = new Date()): Promise<Membership> {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email.toLowerCase()));
  const active = Boolean(row?.subscribed && (!row.subscriptionEnd || row.subscriptionEnd > now));
  return {
    subscribed: active,
    subscription_tier: active ? (row?.subscriptionTier ?? MEMBERSHIP_TIER) : null,
    subscription_end: row?.subscriptionEnd?.toISOString() ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    provider: row?.provider ?? null,
  };
}

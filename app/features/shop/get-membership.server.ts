import { eq } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import type { Database } from "~/lib/db/client.server";
import { type Subscriber, subscribers } from "~/lib/db/schema.server";
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
  return membershipFromRow(await getMembershipRow(db, email), now);
}

/**
 * Read once per change of the memberships (decision 052): every signed-in page asks. Whether it is live
 * is decided by the caller at the time of asking, so a paid period ends on time.
 */
function getMembershipRow(db: Database, email: string): Promise<Subscriber | undefined> {
  const key = email.toLowerCase();
  return cacheUntilChanged(db, MEMBERSHIPS, key, async () => {
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, key));
    return row;
  });
}

const MEMBERSHIPS: CacheSpec = {
  name: "membership-rows",
  tables: ["subscribers"],
  ttlMs: 5 * 60_000,
  maxEntries: 5_000,
};

function membershipFromRow(row: Subscriber | undefined, now = new Date()): Membership {
  const active = Boolean(row?.subscribed && (!row.subscriptionEnd || row.subscriptionEnd > now));
  return {
    subscribed: active,
    subscription_tier: active ? (row?.subscriptionTier ?? MEMBERSHIP_TIER) : null,
    subscription_end: row?.subscriptionEnd?.toISOString() ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    provider: row?.provider ?? null,
  };
}

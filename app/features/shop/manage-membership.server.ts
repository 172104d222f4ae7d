import { and, eq, gt } from "drizzle-orm";
import { subscribers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "./get-payment-provider.server";
import { turnOffRenewal } from "./turn-off-renewal.server";

export type ManageResult =
  | { kind: "portal"; url: string }
  | { kind: "cancelled"; endsAt: Date | null }
  | { kind: "resumed"; renewsOn: Date | null }
  | { kind: "none" };

/**
 * 'Manage membership': Stripe's customer portal when the plan is on Stripe; in demo mode the plan is
 * set to end at the close of the paid period (access continues until then).
 */
export async function manageMembership(
  services: AppServices,
  account: { email: string },
  intent: "cancel" | "resume" = "cancel",
): Promise<ManageResult> {
  const { db } = services.database;
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, account.email.toLowerCase()));
  if (!row?.subscribed) return { kind: "none" };
  if (row.provider === "stripe" && row.providerCustomerId) {
    const url = await getPaymentProvider(services).createPortalUrl(
      row.providerCustomerId,
      `${services.env.PUBLIC_URL}/my-purchases`,
    );
    if (url) return { kind: "portal", url };
  }
  if (row.provider === "demo" && intent === "resume") return resumeDemoMembership(services, row.email);
  if (row.provider === "demo") {
    await turnOffRenewal(services, row);
    return { kind: "cancelled", endsAt: row.subscriptionEnd };
  }
  return { kind: "none" };
}

/**
 * Demo 'Resume': a membership set to end at the close of its period renews again, but only while
 * that period has not ended (an ended one is bought anew). Conditional update: a repeat is a no-op.
 */
async function resumeDemoMembership(services: AppServices, email: string): Promise<ManageResult> {
  const { db } = services.database;
  const [row] = await db
    .update(subscribers)
    .set({ cancelAtPeriodEnd: false })
    .where(
      and(
        eq(subscribers.email, email),
        eq(subscribers.subscribed, true),
        eq(subscribers.cancelAtPeriodEnd, true),
        gt(subscribers.subscriptionEnd, new Date()),
      ),
    )
    .returning({ end: subscribers.subscriptionEnd });
  if (!row) {
    const [current] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    if (current?.subscribed && !current.cancelAtPeriodEnd)
      return { kind: "resumed", renewsOn: current.subscriptionEnd };
    return { kind: "none" };
  }
  return { kind: "resumed", renewsOn: row.end };
}

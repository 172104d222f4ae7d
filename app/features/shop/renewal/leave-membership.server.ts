import { eq } from "drizzle-orm";
import { subscribers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getPaymentProvider } from "../get-payment-provider.server";
import { turnOffRenewal } from "../turn-off-renewal.server";

export type LeaveResult = { kind: "left"; accessUntil: Date | null } | { kind: "none" };

/**
 * A member leaves from a reminder's link, in one step: the membership stops renewing (at the provider
 * for a Stripe plan) and lasts to the end of the month paid for. Only the request that turns renewal
 * off tells the member, so a double click sends one e-mail; leaving twice is still "left".
 */
export async function leaveMembership(services: AppServices, email: string): Promise<LeaveResult> {
  const { db } = services.database;
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email.toLowerCase()));
  if (!row?.subscribed) return { kind: "none" };
  if (row.provider === "stripe" && row.providerSubscriptionId && !row.cancelAtPeriodEnd) {
    await getPaymentProvider(services).endSubscriptionAtPeriodEnd(row.providerSubscriptionId);
  }
  await turnOffRenewal(services, row);
  return { kind: "left", accessUntil: row.subscriptionEnd };
}

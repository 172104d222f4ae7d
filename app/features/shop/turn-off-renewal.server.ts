import { and, eq } from "drizzle-orm";
import { type Subscriber, subscribers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { sendMembershipNotice } from "./send-notices.server";

/**
 * Our side of a membership that stops renewing: it lasts to the end of the month paid for. Only the
 * request that turns renewal off tells the member, so a double click (or a reminder's link opened
 * twice) sends one e-mail. The provider's side is the caller's.
 */
export async function turnOffRenewal(services: AppServices, row: Pick<Subscriber, "email" | "subscriptionEnd">) {
  const changed = await services.database.db
    .update(subscribers)
    .set({ cancelAtPeriodEnd: true })
    .where(and(eq(subscribers.email, row.email), eq(subscribers.cancelAtPeriodEnd, false)))
    .returning({ userId: subscribers.userId });
  const userId = changed[0]?.userId;
  if (userId) {
    await sendMembershipNotice(services, { userId, notice: { kind: "cancelled", accessUntil: row.subscriptionEnd } });
  }
}

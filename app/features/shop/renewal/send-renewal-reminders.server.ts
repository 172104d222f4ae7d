import { and, eq, gt, inArray, isNotNull, lte, max, min } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { membershipReminders, orderLines, products, purchases, subscribers, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { SUBSCRIPTION_ID } from "../model";
import { RENEWAL_REMINDER } from "../subscription-terms";
import { leaveLink } from "./leave-link.server";
import { reminderDue } from "./reminder-due";
import { renewalReminderEmail } from "./renewal-reminder-email";

/**
 * Upkeep: each member whose renewal is in the coming week and who is owed a reminder (`reminderDue`)
 * gets one, with a signed one-click exit. Runs inside the shop's upkeep, once across instances
 * (`runExclusive`); the reminder's row (member, renewal) is taken before the e-mail goes, so a second
 * run, here or elsewhere, never sends it twice, and a failed send gives the row back to try again.
 */
export async function sendRenewalReminders(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const horizon = new Date(now.getTime() + RENEWAL_REMINDER.daysBefore * 86_400_000);
  const due = await db
    .select({
      email: subscribers.email,
      userId: subscribers.userId,
      renewsAt: subscribers.subscriptionEnd,
      name: user.name,
    })
    .from(subscribers)
    .innerJoin(user, eq(user.id, subscribers.userId))
    .where(
      and(
        eq(subscribers.subscribed, true),
        eq(subscribers.cancelAtPeriodEnd, false),
        isNotNull(subscribers.subscriptionEnd),
        gt(subscribers.subscriptionEnd, now),
        lte(subscribers.subscriptionEnd, horizon),
      ),
    );
  if (due.length === 0) return 0;
  const [plan] = await db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, SUBSCRIPTION_ID));
  const seller = await sellerDetails(db);
  let sent = 0;
  for (const member of due) {
    const renewsAt = member.renewsAt as Date;
    const [joined] = await db
      .select({ at: min(purchases.paidAt) })
      .from(purchases)
      .innerJoin(orderLines, eq(orderLines.purchaseId, purchases.id))
      .where(
        and(
          eq(purchases.userId, member.userId as string),
          inArray(purchases.status, ["paid", "refunded"]),
          eq(orderLines.kind, "membership"),
        ),
      );
    const [last] = await db
      .select({ at: max(membershipReminders.renewsAt) })
      .from(membershipReminders)
      .where(eq(membershipReminders.email, member.email));
    // A member whose joining we cannot date (bought before the ledger kept lines) is reminded now.
    const memberSince = joined?.at ?? new Date(0);
    if (!reminderDue({ renewsAt, memberSince, lastReminded: last?.at ?? null, now })) continue;
    const taken = await db
      .insert(membershipReminders)
      .values({ email: member.email, renewsAt })
      .onConflictDoNothing()
      .returning({ email: membershipReminders.email });
    if (taken.length === 0) continue;
    try {
      await services.mailer.send(
        renewalReminderEmail(
          seller,
          { email: member.email, name: member.name },
          {
            renewsAt,
            monthlyCents: plan?.priceCents ?? 0,
            leaveUrl: leaveLink(services.env.PUBLIC_URL, services.env.AUTH_SECRET, member.email, now),
            accountUrl: `${services.env.PUBLIC_URL}/my-purchases`,
          },
        ),
      );
      sent++;
    } catch (error) {
      services.logger.error({ err: error }, "renewal reminder failed; tried again at the next upkeep");
      await db
        .delete(membershipReminders)
        .where(and(eq(membershipReminders.email, member.email), eq(membershipReminders.renewsAt, renewsAt)));
    }
  }
  return sent;
}

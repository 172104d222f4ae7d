import { eq } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { products, subscribers, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { membershipEmail } from "./membership-email";
import { SUBSCRIPTION_ID } from "./model";
import { type OwnerNotice, ownerNoticeEmail } from "./owner-notice-email";
import type { MembershipChange } from "./sync-subscription.server";

/**
 * Tells the owner of a sale, a refund or a new member, unless OWNER_NOTICES=off. Sent after the
 * event is committed, by the one call that made the change, so once per event.
 */
export async function sendOwnerNotice(services: AppServices, notice: OwnerNotice): Promise<void> {
  if (services.env.OWNER_NOTICES === "off") return;
  try {
    const seller = await sellerDetails(services.database.db);
    const to = services.env.OWNER_NOTICE_EMAIL ?? seller.email;
    await services.mailer.send(ownerNoticeEmail(seller, to, notice, `${services.env.PUBLIC_URL}/admin/orders`));
  } catch (error) {
    services.logger.error({ err: error, kind: notice.kind }, "owner notice failed");
  }
}

/** Tells a member (and, for a new one, the owner) what changed in their membership. */
export async function sendMembershipNotice(services: AppServices, change: MembershipChange): Promise<void> {
  try {
    const { db } = services.database;
    const [member] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, change.userId));
    if (!member) return;
    if (change.notice.kind === "started") {
      await sendOwnerNotice(services, { kind: "member", buyerEmail: member.email });
      return;
    }
    let notice = change.notice;
    if (notice.kind === "renewed" && notice.amountCents === null) {
      const [plan] = await db
        .select({ priceCents: products.priceCents })
        .from(products)
        .where(eq(products.id, SUBSCRIPTION_ID));
      notice = { ...notice, amountCents: plan?.priceCents ?? null };
    }
    await services.mailer.send(
      membershipEmail(
        await sellerDetails(services.database.db),
        member,
        notice,
        `${services.env.PUBLIC_URL}/my-purchases`,
      ),
    );
  } catch (error) {
    services.logger.error({ err: error, userId: change.userId }, "membership e-mail failed");
  }
}

/** The member whose subscription this is, for a notice about it. */
export async function memberOfSubscription(services: AppServices, subscriptionId: string) {
  const [row] = await services.database.db
    .select({ userId: subscribers.userId })
    .from(subscribers)
    .where(eq(subscribers.providerSubscriptionId, subscriptionId));
  return row?.userId ?? null;
}

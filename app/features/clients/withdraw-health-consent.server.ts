import { and, eq, isNull } from "drizzle-orm";
import { recordErasure } from "~/features/rights/erasure-register.server";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { AppError } from "~/lib/app-error";
import { clientConsents, intakeAnswers, user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { consentWithdrawnEmail } from "./consent-withdrawn-email";
import { type HealthDataActor, logHealthAccess } from "./log-health-access.server";

/**
 * A client withdraws her health data consent: her intake answers are erased and the consent marked
 * withdrawn in one transaction, then the practitioner is told by e-mail (who, not what: the e-mail
 * carries no health data). Her next booking asks the questions again.
 */
export async function withdrawHealthConsent(services: AppServices, input: { userId: string; actor: HealthDataActor }) {
  const { db } = services.database;
  const withdrawnAt = new Date();
  const { erased, consentIds } = await db.transaction(async (tx) => {
    const withdrawn = await tx
      .update(clientConsents)
      .set({ withdrawnAt })
      .where(
        and(
          eq(clientConsents.userId, input.userId),
          eq(clientConsents.kind, "health_data"),
          isNull(clientConsents.withdrawnAt),
        ),
      )
      .returning({ id: clientConsents.id });
    if (withdrawn.length === 0) throw new AppError("conflict", "There is no consent to withdraw.");
    const deleted = await tx
      .delete(intakeAnswers)
      .where(eq(intakeAnswers.userId, input.userId))
      .returning({ userId: intakeAnswers.userId });
    await logHealthAccess(tx, {
      clientId: input.userId,
      actor: input.actor,
      action: "erase",
      subject: "intake",
      detail: "Consent withdrawn: answers erased",
    });
    return { erased: deleted.length > 0, consentIds: withdrawn.map((row) => row.id) };
  });
  // Outside the database too, so that a backup made before now cannot bring the answers back (decision 062).
  await recordErasure(services, {
    at: withdrawnAt.toISOString(),
    kind: "health-consent",
    userId: input.userId,
    by: input.actor.role === "client" ? "client" : "owner",
    consentIds,
  });
  try {
    const [client] = await db
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, input.userId));
    const seller = await sellerDetails(db);
    const to = services.env.OWNER_NOTICE_EMAIL ?? seller.email;
    await services.mailer.send(
      consentWithdrawnEmail(seller, to, {
        client: client ?? { name: "A client", email: "" },
        at: withdrawnAt,
        url: `${services.env.PUBLIC_URL}/admin/clients/${input.userId}`,
      }),
    );
  } catch (error) {
    // The erasure stands whatever the mail does; the record page shows the withdrawal.
    services.logger.error({ err: error }, "consent withdrawal notice failed");
  }
  return { erased, withdrawnAt };
}

import { eq } from "drizzle-orm";
import { checkPassword } from "~/features/accounts/check-password.server";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { AppError } from "~/lib/app-error";
import { erasedAccounts, user } from "~/lib/db/schema.server";
import { type ClosingPerson, personalDataHolders } from "~/lib/personal-data.server";
import type { AppServices } from "~/lib/services.server";
import { CLOSE_WORD } from "./close-word";
import { recordErasure } from "./erasure-register.server";
import { accountClosedEmail } from "./rights-emails";

export { CLOSE_WORD };

export const closeMessages = {
  word: `Please type ${CLOSE_WORD} to confirm.`,
  notFound: "There is no such account.",
  alreadyClosed: "This account is already closed.",
} as const;

/** What closing will do, one sentence per holder's outcome, for her to read before she confirms. */
export async function previewAccountClosure(
  services: AppServices,
  userId: string,
  now = new Date(),
): Promise<string[]> {
  const said: string[] = [];
  for (const holder of personalDataHolders())
    if (holder.preview) said.push(...(await holder.preview(services, userId, now)));
  return said;
}

/**
 * Closes an account (art. 17, decision 049). First what ends by each feature's own rules (future
 * sessions cancelled by the Refund Policy, packages ended, membership ended), then, in one
 * transaction, every holder erases or anonymises its personal fields and the account is marked
 * closed. The books stay, detached. A repeat after a failure part-way runs again from the start;
 * a repeat after success finds the account closed. The client confirms with her password and the
 * typed word; the owner acts on her request (the word only).
 */
export async function closeAccount(
  services: AppServices,
  input: ClosingPerson & { word: string; password?: string | undefined },
  now = new Date(),
): Promise<{ outcomes: string[] }> {
  const { db } = services.database;
  if (input.word.trim().toUpperCase() !== CLOSE_WORD) throw new AppError("invalid_request", closeMessages.word);
  const [person] = await db.select().from(user).where(eq(user.id, input.userId));
  if (!person) throw new AppError("not_found", closeMessages.notFound);
  const [closed] = await db.select().from(erasedAccounts).where(eq(erasedAccounts.userId, input.userId));
  if (closed) throw new AppError("conflict", closeMessages.alreadyClosed);
  if (input.by === "client") await checkPassword(services, input.userId, input.password ?? "");

  const outcomes = await previewAccountClosure(services, input.userId, now);
  for (const holder of personalDataHolders()) await holder.release?.(services, input, now);
  const first = await db.transaction(async (tx) => {
    for (const holder of personalDataHolders()) await holder.erase(tx, input.userId);
    // Two closings at once both erase (harmless twice); the first mark stands, and only its
    // closing writes to her (the other may already read the anonymised address).
    const marked = await tx
      .insert(erasedAccounts)
      .values({ userId: input.userId, erasedAt: now, by: input.by })
      .onConflictDoNothing()
      .returning({ userId: erasedAccounts.userId });
    return marked.length > 0;
  });
  if (!first) return { outcomes };
  services.logger.info({ userId: input.userId, by: input.by }, "account closed and personal data erased");
  // Outside the database too, so that a backup made before today cannot bring her back (decision 062).
  await recordErasure(services, { at: now.toISOString(), kind: "account", userId: input.userId, by: input.by });
  try {
    await services.mailer.send(accountClosedEmail(await sellerDetails(db), person.email, person.name, outcomes));
  } catch (error) {
    services.logger.warn({ err: error }, "account-closed e-mail not sent");
  }
  return { outcomes };
}

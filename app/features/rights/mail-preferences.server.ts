import { eq } from "drizzle-orm";
import { mailPreferences } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

export type MailPreferences = { sessionReminders: boolean };

/** Her choices; without a row, every optional e-mail is on. */
export async function getMailPreferences(services: AppServices, userId: string): Promise<MailPreferences> {
  const [row] = await services.database.db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return { sessionReminders: row?.sessionReminders ?? true };
}

export async function saveMailPreferences(services: AppServices, userId: string, choice: MailPreferences) {
  await services.database.db
    .insert(mailPreferences)
    .values({ userId, ...choice })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: choice });
}

import { eq, or } from "drizzle-orm";
import { complaints, dataExports, mailPreferences, user } from "~/lib/db/schema.server";
import type { PersonalDataHolder } from "~/lib/personal-data.server";

/** What this feature itself holds: her e-mail preferences, complaints, and earlier exports (listed, not nested). */
export const rightsPersonalData: PersonalDataHolder = {
  name: "privacy",
  async export(services, userId) {
    const { db } = services.database;
    const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    return {
      mailPreferences: await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId)),
      complaints: await db
        .select()
        .from(complaints)
        .where(or(eq(complaints.userId, userId), person ? eq(complaints.email, person.email) : undefined)),
      dataExports: await db
        .select({ id: dataExports.id, createdAt: dataExports.createdAt, expiresAt: dataExports.expiresAt })
        .from(dataExports)
        .where(eq(dataExports.userId, userId)),
    };
  },
  async erase(tx, userId) {
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    await tx.delete(mailPreferences).where(eq(mailPreferences.userId, userId));
    // A complaint is kept (the owner may have to show how it was handled) but no longer names her.
    await tx
      .update(complaints)
      .set({
        userId: null,
        name: "Closed account",
        email: "closed@closed.invalid",
        message: "(erased at the client's request)",
      })
      .where(or(eq(complaints.userId, userId), person ? eq(complaints.email, person.email) : undefined));
  },
};

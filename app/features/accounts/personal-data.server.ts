import { and, eq, like, or } from "drizzle-orm";
import { closedAddress } from "~/lib/closed-address";
import { account, authAttempts, session, user, userRoles, verification } from "~/lib/db/schema.server";
import type { PersonalDataHolder } from "~/lib/personal-data.server";
export const CLOSED_NAME = "Closed account";

/**
 * The account itself (decision 049). Exported: the person's details, where she is signed in, her
 * roles; never a password hash or a session token. Erased: sessions, password, links and attempt
 * counts go; the `user` row stays, anonymised, because her orders and bookings must keep pointing
 * somewhere for six years. The address is freed, so a later sign-up with it starts clean.
 */
export const accountsPersonalData: PersonalDataHolder = {
  name: "account",
  async export(services, userId) {
    const { db } = services.database;
    const [person] = await db.select().from(user).where(eq(user.id, userId));
    const sessions = await db.select().from(session).where(eq(session.userId, userId));
    const logins = await db.select().from(account).where(eq(account.userId, userId));
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
    return {
      user: person
        ? {
            id: person.id,
            name: person.name,
            email: person.email,
            emailVerified: person.emailVerified,
            createdAt: person.createdAt,
            updatedAt: person.updatedAt,
          }
        : null,
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastSeenAt: s.updatedAt,
        expiresAt: s.expiresAt,
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
      signInMethods: logins.map((l) => ({ id: l.id, method: l.providerId, createdAt: l.createdAt })),
      roles: roles.map((r) => ({ role: r.role, since: r.createdAt })),
    };
  },
  async erase(tx, userId) {
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    // Reset links hold the id as their value; sign-up bindings and e-mail changes name it.
    await tx
      .delete(verification)
      .where(or(eq(verification.value, userId), like(verification.identifier, `%${userId}%`)));
    if (person) {
      // Sign-in and e-mail limits count by address (`signin:<email>|<ip>`, `mail:<email>`).
      await tx.delete(authAttempts).where(like(authAttempts.bucket, `%${escapeLike(person.email)}%`));
      await tx.delete(verification).where(eq(verification.value, person.email));
    }
    await tx
      .update(user)
      .set({ name: CLOSED_NAME, email: closedAddress(userId), emailVerified: false, image: null })
      .where(and(eq(user.id, userId)));
  },
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

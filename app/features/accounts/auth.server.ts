import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import type { Database } from "~/lib/db/client.server";
import * as schema from "~/lib/db/schema.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth-schemas";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "./emails";
import { grantAdminIfListed } from "./manage-admins.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { discardResetLinks, RESET_PREFIX, storedResetIdentifier } from "./reset-links.server";

/** The header our server sets from the socket (or trusted proxy); client-sent values are overwritten. */
export const CLIENT_IP_HEADER = "x-client-ip";

export function createAuth({ env, db, mailer, logger }: { env: Env; db: Database; mailer: Mailer; logger: Logger }) {
  return betterAuth({
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`),
    },
    appName: "Sacred Healing",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Our own limiter (attempt-limiter.server.ts) is kept in the database and shared by every instance.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    // Reset links are stored hashed (decision 038); the confirmation link is a signed JWT, never stored.
    verification: {
      storeIdentifier: { default: "plain", overrides: { [RESET_PREFIX]: { hash: storedResetIdentifier } } },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      // Rolling: a session used at least once a day stays alive.
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Better Auth's format, with a bound on how many hashes run at once (decision 027).
      password: { hash: hashPassword, verify: verifyPassword },
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetEmail(await sellerDetails(db), user.email, user.name, url));
      },
      // Better Auth has consumed the link that was used; every other one for this account ends too,
      // and the owner hears of the change at the account's address (decision 028).
      onPasswordReset: async ({ user }) => {
        await discardResetLinks(db, user.id);
        await mailer.send(
          passwordChangedEmail(await sellerDetails(db), user.email, user.name, `${env.PUBLIC_URL}/auth?mode=forgot`),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationEmail(await sellerDetails(db), user.email, user.name, url));
      },
      afterEmailVerification: async (user) => {
        await grantAdminIfListed(db, env.ADMIN_EMAILS, user);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

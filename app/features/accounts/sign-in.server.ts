import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { checkLimits, clearAttempts, releaseAttempt, reserveAttempt } from "./attempt-limiter.server";
import { authErrorCode, authHeaders, authLimits } from "./auth-limits.server";
import { type FieldErrors, fieldErrors, PASSWORD_MAX, signInSchema } from "./auth-schemas";
import { readTrustedDevice, trustDevice } from "./trusted-device.server";

export type SignInResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "locked"; retryAfterSeconds: number }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "unverified"; email: string }
  | { ok: false; reason: "error" };

/**
 * Signs in with e-mail and password. Each attempt is counted before its password is checked and
 * given back only when it was not a wrong password, so parallel attempts cannot all slip through
 * one check (decision 028). Where it is counted (decision 043):
 *
 * - A browser holding the account's device cookie (it signed in before): in its own bucket only,
 *   five failures. Nobody else's failures touch it, so nobody can lock its owner out of it.
 * - Any other client: five failures for one e-mail from one client address, a ceiling per account
 *   across every such client, and a limit per client address on failures for accounts that exist.
 *   A failure for an address with no account is counted only against that address: made-up
 *   addresses cannot fill a shared client address's limit. The answers and the work done (a lookup,
 *   a password hash) are the same for both, so the limits do not tell which addresses exist.
 */
export async function signIn(
  services: AppServices,
  input: unknown,
  client: { request: Request; ip: string },
): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fieldErrors: fieldErrors(parsed.error) };
  const { email, password } = parsed.data;
  const { db } = services.database;
  const limits = authLimits(services.env);
  const device = await readTrustedDevice(client.request, services.env, email);
  const exists = await accountExists(db, email);
  const pair = limits.signInAccount(email, client.ip);
  const perClient = limits.signInClient(client.ip);
  // The buckets of this account (or device) alone, and the client address's, which an attempt for an
  // address with no account is checked against but not counted in.
  const own = device ? [limits.signInDevice(device)] : [pair, limits.signInCeiling(email)];
  const shared = device ? [] : [perClient];

  const reserved = await reserveAttempt(db, exists ? [...own, ...shared] : own, undefined, exists ? [] : shared);
  if (!reserved.ok) return { ok: false, reason: "locked", retryAfterSeconds: reserved.retryAfterSeconds };
  // A failure that fills one of the account's buckets answers with the lockout at once. The client
  // address's bucket is not looked at here: that it filled on this failure, and not on the same
  // failure for an address with no account, would tell the two apart. The next attempt sees it.
  const failed = async (): Promise<SignInResult> => {
    const after = await checkLimits(db, own);
    return after.limited
      ? { ok: false, reason: "locked", retryAfterSeconds: after.retryAfterSeconds }
      : { ok: false, reason: "invalid" };
  };

  // No account has a password this long (sign-up and reset refuse it): a wrong password, counted as one.
  if (password.length > PASSWORD_MAX) return failed();

  try {
    const { headers } = await services.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(client.request, client.ip),
      returnHeaders: true,
    });
    await releaseAttempt(db, reserved.reservation);
    await clearAttempts(db, pair.bucket);
    if (device) await clearAttempts(db, limits.signInDevice(device).bucket);
    // This browser is now known to the account: a new device id at each sign-in.
    headers.append("Set-Cookie", await trustDevice(services.env, email));
    return { ok: true, headers };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") return failed();
    await releaseAttempt(db, reserved.reservation);
    // Better Auth says so only after the password matched.
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, reason: "unverified", email };
    services.logger.error({ err: error }, "sign-in failed unexpectedly");
    return { ok: false, reason: "error" };
  }
}

/** Whether an account (verified or not) has this address. Asked for every sign-in, so it takes the same time for both. */
async function accountExists(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return rows.length > 0;
}

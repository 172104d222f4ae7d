import type { AppServices } from "~/lib/services.server";
import { checkLimits, clearAttempts, releaseAttempt, reserveAttempt } from "./attempt-limiter.server";
import { authErrorCode, authHeaders, authLimits } from "./auth-limits.server";
import { type FieldErrors, fieldErrors, PASSWORD_MAX, signInSchema } from "./auth-schemas";

export type SignInResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "locked"; retryAfterSeconds: number }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "unverified"; email: string }
  | { ok: false; reason: "error" };

/**
 * Signs in with e-mail and password. Five failures for one e-mail from one client in the window
 * lock that pair, a looser limit applies per client, and a ceiling per account holds across every
 * client, whatever the browser does. Each attempt is counted before its password is checked and
 * given back only when it was not a wrong password, so parallel attempts cannot all slip through
 * one check (decision 028).
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
  const pair = limits.signInAccount(email, client.ip);
  const buckets = [pair, limits.signInClient(client.ip), limits.signInCeiling(email)];

  const reserved = await reserveAttempt(db, buckets);
  if (!reserved.ok) return { ok: false, reason: "locked", retryAfterSeconds: reserved.retryAfterSeconds };
  // A failure that fills a bucket answers with the lockout at once.
  const failed = async (): Promise<SignInResult> => {
    const after = await checkLimits(db, buckets);
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

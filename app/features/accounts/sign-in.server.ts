import type { AppServices } from "~/lib/services.server";
import { checkLimits, clearAttempts, recordAttempt } from "./attempt-limiter.server";
import { authErrorCode, authHeaders, authLimits } from "./auth-limits.server";
import { type FieldErrors, fieldErrors, signInSchema } from "./auth-schemas";

export type SignInResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "locked"; retryAfterSeconds: number }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "unverified"; email: string }
  | { ok: false; reason: "error" };

/**
 * Signs in with e-mail and password. Five failures for one e-mail from one client in the window
 * lock that pair (and a looser limit applies per client), whatever the browser does.
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
  const perClient = limits.signInClient(client.ip);

  const before = await checkLimits(db, [pair, perClient]);
  if (before.limited) return { ok: false, reason: "locked", retryAfterSeconds: before.retryAfterSeconds };

  try {
    const { headers } = await services.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(client.request, client.ip),
      returnHeaders: true,
    });
    await clearAttempts(db, pair.bucket);
    return { ok: true, headers };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, reason: "unverified", email };
    if (code !== "INVALID_EMAIL_OR_PASSWORD") {
      services.logger.error({ err: error }, "sign-in failed unexpectedly");
      return { ok: false, reason: "error" };
    }
    await recordAttempt(db, pair);
    await recordAttempt(db, perClient);
    const after = await checkLimits(db, [pair, perClient]);
    if (after.limited) return { ok: false, reason: "locked", retryAfterSeconds: after.retryAfterSeconds };
    return { ok: false, reason: "invalid" };
  }
}

import type { AppServices } from "~/lib/services.server";
import { reserveAttempt } from "./attempt-limiter.server";
import { authErrorCode, authHeaders, authLimits } from "./auth-limits.server";
import { COMMON_PASSWORD_MESSAGE, type FieldErrors, fieldErrors, signUpSchema } from "./auth-schemas";
import { isCommonPassword } from "./common-passwords.server";
import { bindSignUpToBrowser, discardPendingSignUp } from "./pending-sign-up.server";

export type SignUpResult =
  | { ok: true; email: string /** For the sign-up cookie: this browser made the sign-up. */; browserKey: string }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "locked"; retryAfterSeconds: number }
  | { ok: false; reason: "exists" | "weak-password" | "error" };

/**
 * Creates an unverified account and sends the verification e-mail; the link signs them in and leads
 * to `next` (a checked local path: back to the session they chose, say), or /products.
 * An address nobody has confirmed yet belongs to nobody: signing up for it again replaces the
 * pending sign-up (and ends its links), so whoever signed up first cannot lock the owner out.
 */
export async function signUp(
  services: AppServices,
  input: unknown,
  client: { request: Request; ip: string },
  next = "/products",
): Promise<SignUpResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fieldErrors: fieldErrors(parsed.error) };
  const { email, password, fullName } = parsed.data;
  if (await isCommonPassword(password)) {
    return { ok: false, reason: "validation", fieldErrors: { password: COMMON_PASSWORD_MESSAGE } };
  }
  const { db } = services.database;
  const reserved = await reserveAttempt(db, [authLimits(services.env).signUpClient(client.ip)]);
  if (!reserved.ok) return { ok: false, reason: "locked", retryAfterSeconds: reserved.retryAfterSeconds };

  // Spec §8 tells a visitor when the address is already registered (Better Auth alone would answer
  // as if it had worked); the per-client sign-up limit keeps this from being used to sweep addresses.
  const ctx = await services.auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing?.user.emailVerified) return { ok: false, reason: "exists" };
  if (existing) await discardPendingSignUp(db, existing.user.id);

  try {
    const { user } = await services.auth.api.signUpEmail({
      body: { email, password, name: fullName, callbackURL: next },
      headers: authHeaders(client.request, client.ip),
    });
    return { ok: true, email, browserKey: await bindSignUpToBrowser(db, user.id) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      return { ok: false, reason: "exists" };
    }
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") return { ok: false, reason: "weak-password" };
    services.logger.error({ err: error }, "sign-up failed");
    return { ok: false, reason: "error" };
  }
}

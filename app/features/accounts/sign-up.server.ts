import type { AppServices } from "~/lib/services.server";
import { checkLimits, recordAttempt } from "./attempt-limiter.server";
import { authErrorCode, authHeaders, authLimits } from "./auth-limits.server";
import { type FieldErrors, fieldErrors, signUpSchema } from "./auth-schemas";

export type SignUpResult =
  | { ok: true; email: string }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "locked"; retryAfterSeconds: number }
  | { ok: false; reason: "exists" | "weak-password" | "error" };

/** Creates an unverified account and sends the verification e-mail; the link leads to /products. */
export async function signUp(
  services: AppServices,
  input: unknown,
  client: { request: Request; ip: string },
): Promise<SignUpResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fieldErrors: fieldErrors(parsed.error) };
  const { email, password, fullName } = parsed.data;
  const { db } = services.database;
  const limit = authLimits(services.env).signUpClient(client.ip);

  const state = await checkLimits(db, [limit]);
  if (state.limited) return { ok: false, reason: "locked", retryAfterSeconds: state.retryAfterSeconds };
  await recordAttempt(db, limit);

  // Spec §8 tells a visitor when the address is already registered (Better Auth alone would answer
  // as if it had worked); the per-client sign-up limit keeps this from being used to sweep addresses.
  const ctx = await services.auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(email)) return { ok: false, reason: "exists" };

  try {
    await services.auth.api.signUpEmail({
      body: { email, password, name: fullName, callbackURL: "/products" },
      headers: authHeaders(client.request, client.ip),
    });
    return { ok: true, email };
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

import type { AppServices } from "~/lib/services.server";
import { reserveAttempt } from "./attempt-limiter.server";
import { authHeaders, authLimits } from "./auth-limits.server";
import { emailOnlySchema, type FieldErrors, fieldErrors } from "./auth-schemas";

export type SendAccountEmailResult =
  | { ok: true }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

/**
 * Sends a new verification link or a password-reset link. The answer is the same whether or not
 * the address has an account, so it cannot be used to find out who is registered.
 */
export async function sendAccountEmail(
  services: AppServices,
  kind: "verification" | "password-reset",
  input: unknown,
  client: { request: Request; ip: string },
): Promise<SendAccountEmailResult> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fieldErrors: fieldErrors(parsed.error) };
  const { email } = parsed.data;
  const { db } = services.database;
  const limits = authLimits(services.env);
  const perAddress = limits.emailsTo(email);
  const perClient = limits.emailsFromClient(client.ip);

  const reserved = await reserveAttempt(db, [perAddress, perClient]);
  if (!reserved.ok) return { ok: false, reason: "locked", retryAfterSeconds: reserved.retryAfterSeconds };

  const headers = authHeaders(client.request, client.ip);
  try {
    if (kind === "verification") {
      await services.auth.api.sendVerificationEmail({ body: { email, callbackURL: "/products" }, headers });
    } else {
      await services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers });
    }
  } catch (error) {
    // Unknown or already-verified addresses end here too: the visitor sees the same answer.
    services.logger.info({ err: error, kind }, "account e-mail not sent");
  }
  return { ok: true };
}

import type { AppServices } from "~/lib/services.server";
import { COMMON_PASSWORD_MESSAGE, type FieldErrors, fieldErrors, resetPasswordSchema } from "./auth-schemas";
import { isCommonPassword } from "./common-passwords.server";

export type ResetPasswordResult =
  | { ok: true }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "invalid-token" };

/**
 * Sets a new password from a reset link (one hour, single use); every session of the user ends, every
 * other reset link of the account stops working and its owner is told by e-mail (auth.server.ts).
 */
export async function resetPassword(services: AppServices, input: unknown): Promise<ResetPasswordResult> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fieldErrors: fieldErrors(parsed.error) };
  if (await isCommonPassword(parsed.data.password)) {
    return { ok: false, reason: "validation", fieldErrors: { password: COMMON_PASSWORD_MESSAGE } };
  }
  try {
    await services.auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
    return { ok: true };
  } catch (error) {
    services.logger.info({ err: error }, "password reset refused");
    return { ok: false, reason: "invalid-token" };
  }
}

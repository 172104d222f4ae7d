import type { AppServices } from "~/lib/services.server";
import { type FieldErrors, fieldErrors, resetPasswordSchema } from "./auth-schemas";

export type ResetPasswordResult =
  | { ok: true }
  | { ok: false; reason: "validation"; fieldErrors: FieldErrors }
  | { ok: false; reason: "invalid-token" };

/** Sets a new password from a reset link (one hour, single use); every session of the user ends. */
export async function resetPassword(services: AppServices, input: unknown): Promise<ResetPasswordResult> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fieldErrors: fieldErrors(parsed.error) };
  try {
    await services.auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
    return { ok: true };
  } catch (error) {
    services.logger.info({ err: error }, "password reset refused");
    return { ok: false, reason: "invalid-token" };
  }
}

import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { passwordChangedHereEmail } from "./account-emails";
import { COMMON_PASSWORD_MESSAGE } from "./auth-schemas";
import { checkPassword } from "./check-password.server";
import { isCommonPassword } from "./common-passwords.server";
import { discardResetLinks } from "./reset-links.server";

/**
 * A new password from the account page: the current one is required, and every other session ends
 * (Better Auth's `revokeOtherSessions` deletes them all and signs this browser in afresh: the
 * Set-Cookie it answers must reach the browser). Reset links still out stop working too.
 */
export async function changePassword(
  services: AppServices,
  who: { id: string; email: string; name: string },
  input: { currentPassword: string; newPassword: string },
  requestHeaders: Headers,
): Promise<Headers> {
  await checkPassword(services, who.id, input.currentPassword);
  if (await isCommonPassword(input.newPassword)) throw new AppError("invalid_request", COMMON_PASSWORD_MESSAGE);
  const { headers } = await services.auth.api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
    headers: requestHeaders,
    returnHeaders: true,
  });
  await discardResetLinks(services.database.db, who.id);
  try {
    await services.mailer.send(
      passwordChangedHereEmail(await sellerDetails(services.database.db), who.email, who.name),
    );
  } catch (error) {
    services.logger.warn({ err: error }, "password-changed e-mail not sent");
  }
  return headers;
}

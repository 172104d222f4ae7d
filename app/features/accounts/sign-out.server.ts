import type { AppServices } from "~/lib/services.server";

/**
 * Signs out on every device: all of the user's sessions are revoked, then this browser's cookie is
 * cleared. Failures are logged only; the caller goes to /auth regardless (spec §4).
 */
export async function signOutEverywhere(services: AppServices, request: Request): Promise<Headers> {
  const headers = new Headers();
  try {
    await services.auth.api.revokeSessions({ headers: request.headers });
  } catch (error) {
    // Without a session there is nothing to revoke (a second tap, an old tab, a robot): not a failure.
    if ((error as { statusCode?: unknown }).statusCode !== 401) {
      services.logger.warn({ err: error }, "revoking sessions failed");
    }
  }
  try {
    const result = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    services.logger.warn({ err: error }, "sign-out failed");
  }
  return headers;
}

import { verifyJWT } from "better-auth/crypto";
import type { AppServices } from "~/lib/services.server";
import { clearSignUpCookie, dropPendingPassword, takeSignUpBinding } from "./pending-sign-up.server";
import { createResetToken } from "./reset-links.server";

/**
 * The confirmation link (GET /api/auth/verify-email). Opened in the browser that signed up, it is
 * Better Auth's: the address is confirmed, the visitor signed in and sent to /products. Opened
 * anywhere else, the password of the pending sign-up may be a stranger's (anyone can sign up with
 * any address), so it is dropped before the address is confirmed (and before ADMIN_EMAILS can make
 * the account an admin), and the opener, who does read the mailbox, chooses the password instead.
 */
export async function confirmEmail(services: AppServices, request: Request): Promise<Response> {
  const ctx = await services.auth.$context;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const claims = token ? await verifyJWT(token, ctx.secret) : null;
  const userId = typeof claims?.userId === "string" && !claims.updateTo ? claims.userId : undefined;
  const pending = userId ? await ctx.internalAdapter.findUserById(userId) : null;
  // Bad, expired or already-used links, and changes of address: Better Auth answers them.
  if (!pending || pending.emailVerified || pending.email !== claims?.email) return services.auth.handler(request);

  const { db } = services.database;
  const secure = services.env.PUBLIC_URL.startsWith("https://");
  if (await takeSignUpBinding(db, pending.id, request.headers.get("cookie"))) {
    const response = await services.auth.handler(request);
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", clearSignUpCookie(secure));
    return new Response(response.body, { status: response.status, headers });
  }

  await dropPendingPassword(db, pending.id);
  const confirmed = await services.auth.handler(request);
  const location = confirmed.headers.get("location") ?? "";
  if (confirmed.status !== 302 || location.includes("error=")) return confirmed;
  // Better Auth signed the opener in; without a password of their own yet, they choose one first.
  await ctx.internalAdapter.deleteUserSessions(pending.id);
  const resetToken = await createResetToken(db, pending.id);
  return new Response(null, {
    status: 302,
    headers: { Location: `/auth/reset-password?token=${resetToken}&welcome=1`, "Cache-Control": "no-store" },
  });
}

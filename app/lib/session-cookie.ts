/**
 * Whether a cookie's name is Better Auth's session token (`better-auth.session_token`, with
 * `__Secure-` in front on https): the one cookie that says who is signed in. Read by the session
 * lookup and by the shared page cache, which must agree on it (decision 059).
 */
export function isSessionCookie(name: string): boolean {
  return name.endsWith("better-auth.session_token");
}

/**
 * The name of the cookie that says a browser once signed in to an account (decision 043). Here, in
 * lib, because the shared page cache also knows it: a request whose only cookie is this one is still
 * an anonymous visitor, since no page reads it (only the sign-in action does).
 */
export const DEVICE_COOKIE = "known_device";

/** Whether a Cookie header holds nothing but the device cookie. */
export function onlyDeviceCookie(cookieHeader: string): boolean {
  const parts = cookieHeader.split(";").filter((part) => part.trim() !== "");
  return parts.length === 1 && parts[0]?.trim().startsWith(`${DEVICE_COOKIE}=`) === true;
}

/**
 * The name of the cookie that says a browser once signed in to an account (decision 043): the
 * sign-in action reads and sets it, and closing an account clears it. No page reads it, so the shared
 * page cache serves a request that carries it like any other visitor's (decision 059).
 */
export const DEVICE_COOKIE = "known_device";

import { createHmac, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { DEVICE_COOKIE } from "~/lib/device-cookie";
import type { Env } from "~/lib/env.server";
import { z } from "~/lib/zod";

/**
 * OWASP's device cookie (decision 043): after a successful sign-in the browser gets a signed,
 * HttpOnly cookie naming the account and a random id of this device. A later sign-in for that account
 * that presents it is counted in the device's own bucket, apart from the pool every other client
 * shares, so nobody elsewhere can lock its owner out of a browser she has signed in with before.
 * The account is named by a keyed hash of its e-mail address, not the address: nothing personal for
 * anyone who sees the cookie (a shared computer, a log) to read; the server, knowing the key, still
 * tells whose it is.
 */
const DEVICE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;

const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** Cookies set before 2026-11-26 named the address itself; they are honoured until they expire. */
const deviceSchema = z.union([
  z.object({ account: z.string(), id: deviceId }),
  z.object({ email: z.string(), id: deviceId }),
]);

/** The account as the cookie names it: HMAC-SHA256 of the address under the site's secret. */
const accountTag = (env: Pick<Env, "AUTH_SECRET">, email: string) =>
  createHmac("sha256", env.AUTH_SECRET).update(`known_device:${email}`).digest("base64url");

function deviceCookie(env: Pick<Env, "AUTH_SECRET" | "PUBLIC_URL">) {
  return createCookie(DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    // Every path: a sign-in posts to /auth without JavaScript and to /auth.data with it.
    path: "/",
    secure: env.PUBLIC_URL.startsWith("https://"),
    secrets: [env.AUTH_SECRET],
    maxAge: DEVICE_LIFETIME_SECONDS,
  });
}

/** The device id this browser holds for `email`, when its cookie is ours (signed) and names that account. */
export async function readTrustedDevice(
  request: Request,
  env: Pick<Env, "AUTH_SECRET" | "PUBLIC_URL">,
  email: string,
): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${DEVICE_COOKIE}=`)) return null;
  const parsed = deviceSchema.safeParse(await deviceCookie(env).parse(header));
  if (!parsed.success) return null;
  const named = "account" in parsed.data ? parsed.data.account === accountTag(env, email) : parsed.data.email === email;
  return named ? parsed.data.id : null;
}

/** The Set-Cookie of a new device id for `email`, after it signed in with the right password. */
export function trustDevice(env: Pick<Env, "AUTH_SECRET" | "PUBLIC_URL">, email: string): Promise<string> {
  return deviceCookie(env).serialize({ account: accountTag(env, email), id: randomBytes(16).toString("base64url") });
}

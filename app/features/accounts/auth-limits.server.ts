import type { Env } from "~/lib/env.server";
import type { Limit } from "./attempt-limiter.server";

/**
 * The limits, from configuration: sign-in failures per account-and-client, per client and per account
 * across every client; sign-ups per client; e-mails per address and per client.
 */
export function authLimits(env: Env) {
  const windowMs = env.AUTH_LIMIT_WINDOW_MINUTES * 60_000;
  return {
    signInAccount: (email: string, ip: string): Limit => ({
      bucket: `signin:${email}|${ip}`,
      max: env.AUTH_SIGNIN_MAX_PER_ACCOUNT,
      windowMs,
    }),
    /** Failures from one client address for accounts that exist (decision 043). */
    signInClient: (ip: string): Limit => ({ bucket: `signin-ip:${ip}`, max: env.AUTH_SIGNIN_MAX_PER_IP, windowMs }),
    /**
     * Failures from one browser that signed in to this account before (its device cookie): its own
     * bucket, with the per-account-and-client limit, apart from every untrusted client (decision 043).
     */
    signInDevice: (deviceId: string): Limit => ({
      bucket: `signin-device:${deviceId}`,
      max: env.AUTH_SIGNIN_MAX_PER_ACCOUNT,
      windowMs,
    }),
    /**
     * A ceiling per account across every untrusted client: many addresses cannot share out a guessing
     * run. A browser with the account's device cookie is not counted in it nor stopped by it.
     */
    signInCeiling: (email: string): Limit => ({
      bucket: `signin-all:${email}`,
      max: env.AUTH_SIGNIN_MAX_PER_ACCOUNT_ALL_CLIENTS,
      windowMs,
    }),
    signUpClient: (ip: string): Limit => ({ bucket: `signup-ip:${ip}`, max: env.AUTH_SIGNUP_MAX_PER_IP, windowMs }),
    emailsTo: (email: string): Limit => ({ bucket: `mail:${email}`, max: env.AUTH_EMAILS_MAX_PER_ADDRESS, windowMs }),
    emailsFromClient: (ip: string): Limit => ({
      bucket: `mail-ip:${ip}`,
      max: env.AUTH_EMAILS_MAX_PER_ADDRESS * 10,
      windowMs,
    }),
  };
}

/** Better Auth's error code from a thrown APIError, if there is one. */
export function authErrorCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === "string" ? body.code : undefined;
}

/** Headers for a Better Auth server call: the browser's, plus the client address our server determined. */
export function authHeaders(request: Request, clientIp: string): Headers {
  const headers = new Headers(request.headers);
  headers.set("x-client-ip", clientIp);
  return headers;
}

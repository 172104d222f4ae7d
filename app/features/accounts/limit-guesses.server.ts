import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { releaseAttempt, reserveAttempt } from "./attempt-limiter.server";

/** Wrong guesses of a short secret (a discount code) one client may make within the window. */
export const MAX_WRONG_GUESSES = 20;

/**
 * Runs `attempt`, a lookup of a secret the client typed, within a limit on wrong guesses per client,
 * so a short secret cannot be found by trying them all. Each try is counted before it is made (tries
 * sent at once are all counted) and given back when it was right; `wrong` tells a wrong guess from
 * any other failure. Over the limit: 429 with when to try again.
 */
export async function limitGuesses<T>(
  services: AppServices,
  options: { secret: string; clientIp: string; title: string; wrong: (error: unknown) => boolean },
  attempt: () => Promise<T>,
): Promise<T> {
  const { db } = services.database;
  const reserved = await reserveAttempt(db, [
    {
      bucket: `guess:${options.secret}:${options.clientIp}`,
      max: MAX_WRONG_GUESSES,
      windowMs: services.env.AUTH_LIMIT_WINDOW_MINUTES * 60_000,
    },
  ]);
  if (!reserved.ok) {
    const minutes = Math.ceil(reserved.retryAfterSeconds / 60);
    throw new AppError(
      "rate_limited",
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      options.title,
    );
  }
  try {
    const result = await attempt();
    await releaseAttempt(db, reserved.reservation);
    return result;
  } catch (error) {
    if (!options.wrong(error)) await releaseAttempt(db, reserved.reservation);
    throw error;
  }
}

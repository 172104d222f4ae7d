import type { DatabaseHandle } from "./client.server";

/** How long a failed page waits to learn whether the database answers; a stalled server counts as away. */
const PING_TIMEOUT_MS = 1_000;
/** Seconds a client (or a proxy, a crawler) is asked to wait before trying a 503 again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * The status of a server error, once the database has been asked whether it is there: 503 (with
 * Retry-After) when it does not answer, as the failure is an outage that passes rather than a fault
 * of the page; otherwise the status as it was. Asked only after something failed, never on a good page.
 */
export async function outageStatus(status: number, database: DatabaseHandle, headers: Headers): Promise<number> {
  if (status < 500 || status === 503) return status;
  if (await answers(database)) return status;
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return 503;
}

async function answers(database: DatabaseHandle): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.ping().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

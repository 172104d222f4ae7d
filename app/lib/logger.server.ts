import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines on standard output. Written asynchronously: a burst of requests costs one write per batch of
 * lines, not a blocking write per line (a third of the cost of a cached page). pino flushes what is
 * pending when the process exits, normally or by an uncaught error.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataLockError extends Error {
  override name = "DataLockError";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** An exclusive lock on a data folder, held by this process until released (or until it dies). */
export function acquireDataLock(dataDir: string): { release(): void } {
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataLockError(
          `The data folder ${dataDir} is in use by another process (pid ${pid}). Stop it first, or use another DATA_DIR.`,
        );
      }
      // A stale lock from a process that died: reclaim it.
      unlinkSync(file);
    }
  }
  throw new DataLockError(`Could not lock the data folder ${dataDir}.`);
}

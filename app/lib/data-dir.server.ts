import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The data folder cannot be made private: the server refuses to start rather than expose it. */
export class DataDirError extends Error {
  override name = "DataDirError";
}

/**
 * Everything this process creates from now on is readable by its own user only (files 0600, folders
 * 0700). PGlite asks for 0666 files and 0777 folders and leaves the rest to the umask. Worker threads
 * cannot change it; there `secureDataDir` still tightens what exists and the folder's 0700 shuts others out.
 */
export function restrictNewFiles(): void {
  try {
    process.umask(0o077);
  } catch {
    // process.umask() with an argument throws in worker threads.
  }
}

/**
 * DATA_DIR holds password hashes and pending reset links (PGlite), the auth secret, private product
 * files and the mail outbox: it is made 0700, and everything in it 0600 (folders 0700), at every
 * start, so a folder made by an older version or copied in with loose modes is closed too.
 */
export function secureDataDir(dataDir: string): void {
  restrictNewFiles();
  guard(dataDir, dataDir, () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    tighten(dataDir);
  });
  if ((statSync(dataDir).mode & 0o077) !== 0) {
    throw new DataDirError(
      `The data folder ${dataDir} is still open to other users after chmod 700 (a file system without Unix modes?). ` +
        "Put DATA_DIR on a file system that keeps them.",
    );
  }
}

/**
 * Files 0600 and folders 0700 under `folder`, now. PGlite sets 0666 on the files it unpacks for a new
 * database whatever the umask, so its folder is closed again after it opens, migrates and vacuums.
 */
export function closeFolder(folder: string, dataDir: string): void {
  guard(folder, dataDir, () => tighten(folder));
}

function guard(folder: string, dataDir: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    const { code, path: where } = error as NodeJS.ErrnoException;
    throw new DataDirError(
      `The data folder ${dataDir} could not be made private (${code ?? "error"} on ${where ?? folder}). ` +
        `Run the server as the folder's owner, or fix it with: chmod -R go-rwx ${dataDir}`,
    );
  }
}

function tighten(target: string): void {
  const stats = lstatSync(target);
  // A link is followed by nobody here; its target's modes are its owner's business.
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    for (const entry of readdirSync(target)) tighten(path.join(target, entry));
    return;
  }
  if ((stats.mode & 0o077) !== 0) chmodSync(target, stats.mode & 0o700);
}

import type { Readable } from "node:stream";

export type StoredObject = { size: number; modifiedAt: Date };

export type ByteRange = { start: number; end: number };

/**
 * Where product files and images live. Keys are server-made relative paths such as
 * `pdfs/1732262400000-guide.pdf`; nothing from a browser is ever used as a key.
 */
export interface Storage {
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** A stream of the object's bytes, or of one inclusive byte range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Every key under a folder prefix (`""` for all, `"pdfs/"` for one folder), in no particular order.
   * Used by backups, which must enumerate what is stored without trusting the database's references.
   */
  list(prefix?: string): AsyncIterable<string>;
  /**
   * A short-lived URL the browser can fetch the object from directly (S3-compatible stores only);
   * local disk has none, and the server streams the file itself.
   */
  signedUrl?(
    key: string,
    options: { contentDisposition: string; contentType: string; expiresIn: number },
  ): Promise<string>;
}

const SAFE_KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-zA-Z0-9][a-zA-Z0-9._-]*$/;

/** Keys are made by the server, but we still refuse anything that could leave the storage root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

const SAFE_PREFIX = /^(?:[a-z0-9][a-z0-9._-]*\/)*$/;

/** A listing prefix is empty or a chain of folder names ending in `/`. */
export function assertSafePrefix(prefix: string): void {
  if (!SAFE_PREFIX.test(prefix) || prefix.includes("..")) {
    throw new Error(`Unsafe storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/** Whether a name found in a store could have been written by `put` (listings skip anything else). */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertSafeKey,
  assertSafePrefix,
  type ByteRange,
  isSafeKey,
  type Storage,
  type StoredObject,
} from "./storage.server";

/** A write still in progress (see `put`): not an object yet. */
const PARTIAL = /\.[0-9a-f-]{36}\.partial$/;

/** Files on local disk under one root folder, written atomically (temp file, then rename). */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  return {
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.partial`;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const info = await stat(target);
      return { size: info.size, modifiedAt: info.mtime };
    },
    async stat(key): Promise<StoredObject | undefined> {
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
      } catch {
        return undefined;
      }
    },
    async read(key: string, range?: ByteRange) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix = "") {
      assertSafePrefix(prefix);
      let entries: Dirent[];
      try {
        entries = await readdir(path.join(root, prefix), { withFileTypes: true, recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || PARTIAL.test(entry.name)) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // Anything `put` could not have written (an editor's backup file, say) is not ours to list.
        if (isSafeKey(key)) yield key;
      }
    },
  };
}

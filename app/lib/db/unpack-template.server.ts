import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

/**
 * Unpacks the PGlite data-folder template (a gzipped tar of plain files and folders, made by PGlite's
 * dumpDataDir) into `target`, in Node rather than through PGlite's `loadDataDir`: that one copies every
 * file through the WebAssembly heap, which grows by the folder's size (40 MB) and never shrinks.
 */
export function unpackTemplate(tarball: Buffer, target: string): void {
  const tar = gunzipSync(tarball);
  const text = (start: number, length: number) => {
    const raw = tar.subarray(start, start + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end === -1 ? raw.length : end).toString("utf8");
  };
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const root = path.resolve(target);
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = text(offset, 100);
    if (!name) break;
    const prefix = text(offset + 345, 155);
    const size = Number.parseInt(text(offset + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(tar[offset + 156] ?? 0);
    const destination = path.resolve(root, `.${path.posix.sep}${path.posix.join(prefix, name)}`);
    if (destination !== root && !destination.startsWith(root + path.sep)) {
      throw new Error(`The database template names a path outside its folder: ${name}`);
    }
    const body = offset + 512;
    if (type === "5") {
      mkdirSync(destination, { recursive: true, mode: 0o700 });
    } else if (type === "0" || type === "\0") {
      mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
      writeFileSync(destination, tar.subarray(body, body + size), { mode: 0o600 });
    }
    offset = body + Math.ceil(size / 512) * 512;
  }
}

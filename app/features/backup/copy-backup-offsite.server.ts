import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import type { Storage } from "~/lib/storage/storage.server";
import { BackupError, type BackupManifest, backupPaths, MANIFEST_FILE } from "./backup-manifest";

/** A copy's folder in the bucket: the backup's own name, in the lower case storage keys take. */
const COPY_NAME = /^(\d{4}-\d{2}-\d{2})t(\d{2})-(\d{2})-(\d{2})z$/;

/** Every file of a backup folder with the SHA-256 its manifest gives it (the manifest's own: none). */
function partsOf(manifest: BackupManifest): { file: string; sha256: string | null }[] {
  return [
    ...manifest.tables.map((table) => ({ file: backupPaths.table(table.name), sha256: table.sha256 })),
    ...manifest.objects.map((object) => ({
      file: backupPaths.object(object.store, object.key),
      sha256: object.sha256,
    })),
    ...(manifest.authSecret ? [{ file: backupPaths.authSecret, sha256: manifest.authSecret.sha256 }] : []),
    // Last, as on disk: a copy without its manifest is an unfinished one.
    { file: MANIFEST_FILE, sha256: null },
  ];
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Copies a verified backup folder to the S3-compatible bucket (issue 23 item 8: "in the data folder
 * or S3 when configured"), under `backups/<name>/`, then reads every part back from the bucket
 * against the manifest's checksum (and the manifest against the local one). Answers where it went.
 */
export async function copyBackupOffsite(
  copies: Storage,
  folder: string,
  manifest: BackupManifest,
): Promise<{ prefix: string; parts: number }> {
  const prefix = `${path.basename(folder).toLowerCase()}/`;
  if (!COPY_NAME.test(prefix.slice(0, -1))) throw new BackupError(`${folder} is not an automatic backup's folder.`);
  const parts = partsOf(manifest);
  const manifestSum = await sha256Of(createReadStream(path.join(folder, MANIFEST_FILE)));
  for (const part of parts) {
    await copies.put(
      `${prefix}${part.file}`,
      createReadStream(path.join(folder, part.file)),
      "application/octet-stream",
    );
  }
  for (const part of parts) {
    const read = await sha256Of(await copies.read(`${prefix}${part.file}`));
    if (read !== (part.sha256 ?? manifestSum)) {
      throw new BackupError(`The copy of ${part.file} in the bucket does not read back as it was written.`);
    }
  }
  return { prefix, parts: parts.length };
}

/**
 * Deletes copies in the bucket made before `before`, never `keep`: only folders named as this schedule
 * names them, so anything else in `backups/` stays.
 */
export async function pruneOffsiteCopies(
  copies: Storage,
  { before, keep }: { before: number; keep: string },
): Promise<string[]> {
  const byCopy = new Map<string, string[]>();
  for await (const key of copies.list("")) {
    const name = key.split("/")[0] ?? "";
    byCopy.set(name, [...(byCopy.get(name) ?? []), key]);
  }
  const pruned: string[] = [];
  for (const [name, keys] of byCopy) {
    const match = COPY_NAME.exec(name);
    if (!match || `${name}/` === keep) continue;
    if (Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) >= before) continue;
    for (const key of keys) await copies.delete(key);
    pruned.push(name);
  }
  return pruned.sort();
}

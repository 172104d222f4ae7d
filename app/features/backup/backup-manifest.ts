import { z } from "~/lib/zod";

/** The file that describes a backup folder; it is written last, so a folder without it is incomplete. */
export const MANIFEST_FILE = "manifest.json";
export const BACKUP_FORMAT = "sacred-healing-backup";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const tableName = z.string().regex(/^[a-z_][a-z0-9_]*$/);

/**
 * What a backup holds, with a checksum for every file in it. The layout is described in
 * docs/decisions/023-backup-format.md.
 */
export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime({ offset: true }),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** Hashes of the applied migrations, oldest first: a restore needs exactly the same schema. */
    migrations: z.array(z.string()),
  }),
  /** In foreign-key order: a table comes after every table it refers to. */
  tables: z.array(
    z.object({
      name: tableName,
      columns: z.array(z.string()),
      rows: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  objects: z.array(
    z.object({
      store: z.enum(["files", "images"]),
      key: z.string(),
      bytes: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  /** The generated AUTH_SECRET of the embedded set-up (DATA_DIR/auth-secret); absent when it is configured. */
  authSecret: z.object({ sha256 }).nullable(),
  /** Objects that were deleted between listing and copying (a live backup). */
  skipped: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type StoreName = BackupManifest["objects"][number]["store"];

/** Where each part lives inside the backup folder. */
export const backupPaths = {
  table: (name: string) => `database/${name}.jsonl`,
  object: (store: StoreName, key: string) => `${store}/${key}`,
  authSecret: "auth-secret",
};

/** An operator's problem with a backup or a restore target, told in one sentence. */
export class BackupError extends Error {
  override name = "BackupError";
}

import path from "node:path";
import { type Auth, createAuth } from "~/features/accounts/auth.server";
import { forgetSiteSettings, getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { secureDataDir } from "./data-dir.server";
import { type DatabaseHandle, openDatabase } from "./db/client.server";
import type { Env } from "./env.server";
import { createLogger, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail/mailer.server";
import { invalidatePublicPages } from "./public-page-cache.server";
import { createLocalStorage } from "./storage/local-storage.server";
import type { Storage } from "./storage/storage.server";

/** The long-lived things one server process (or one CLI run) works with. */
export type AppServices = {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  /** Private product files: only ever streamed after an entitlement check. */
  files: Storage;
  /** Public images (covers, gallery art). */
  images: Storage;
  /** With S3 configured, where the automatic backups are copied (`backups/` in the bucket); else none. */
  backupCopies?: Storage | undefined;
  mailer: Mailer;
  /** Where browsers fetch signed file URLs from (S3), for the Content-Security-Policy; none on local disk. */
  fileOrigins: string[];
  /** Better Auth: accounts, sessions, verification and reset tokens. */
  auth: Auth;
};

export async function createServices(
  env: Env,
  logger = createLogger(env.LOG_LEVEL),
  /** An initialised empty PGlite folder to start a new data folder from (see openDatabase). */
  options: { pgliteTemplate?: string } = {},
): Promise<AppServices> {
  // Before the database opens it: it holds password hashes and reset links (decision 028).
  secureDataDir(env.DATA_DIR);
  const database = await openDatabase({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    pgliteTemplate: options.pgliteTemplate,
    durable: env.PGLITE_FSYNC === "on",
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  // Read once at start, so code that cannot wait for them (booking) knows the owner's settings.
  await getSiteSettings(database.db).catch((error: unknown) => logger.warn({ err: error }, "site settings not read"));
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from:
      env.MAIL_FROM ??
      (async () => {
        const settings = await getSiteSettings(database.db);
        return `"${settings.businessName.replace(/["\\]/g, "")}" <${settings.email}>`;
      }),
    outboxDir: path.join(env.DATA_DIR, "outbox"),
    logger,
  });
  const services: AppServices = {
    env,
    logger,
    database,
    ...(await createStorages(env)),
    mailer,
    auth: createAuth({ env, db: database.db, mailer, logger }),
  };
  // Another instance (or this one) changed what visitors see: drop the pages and the settings kept
  // in memory, and read the settings again for the code that cannot wait for them (booking's e-mails).
  // The tables' own notices (decision 052) go to the reads kept until a table changes, not here: a
  // sign-in writes a session, and must not empty the anonymous pages. The settings' table is the exception:
  // a save by any process (the CLI's too) is read again at once.
  database.onAnnouncement((topic) => {
    if ((topic.startsWith("table:") && topic !== "table:site_settings") || topic === "!") return;
    forgetSiteSettings(database.db);
    getSiteSettings(database.db).catch((error: unknown) => logger.warn({ err: error }, "site settings not read"));
    invalidatePublicPages(services);
  });
  return services;
}

/**
 * Local disk under DATA_DIR, or one private S3-compatible bucket when S3_* is configured. The S3 SDK
 * (about 35 MB in memory) is loaded only then (decision 027).
 */
async function createStorages(
  env: Env,
): Promise<Pick<AppServices, "files" | "images" | "fileOrigins" | "backupCopies">> {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const { createS3Client, createS3Storage, s3PublicOrigin } = await import("./storage/s3-storage.server");
    const options = {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    };
    const client = createS3Client(options);
    return {
      files: createS3Storage(client, options.bucket, "files/"),
      images: createS3Storage(client, options.bucket, "images/"),
      backupCopies: createS3Storage(client, options.bucket, "backups/"),
      fileOrigins: [s3PublicOrigin(options)],
    };
  }
  return {
    files: createLocalStorage(path.join(env.DATA_DIR, "files")),
    images: createLocalStorage(path.join(env.DATA_DIR, "images")),
    fileOrigins: [],
  };
}

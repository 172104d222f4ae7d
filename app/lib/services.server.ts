import path from "node:path";
import { type Auth, createAuth } from "~/features/accounts/auth.server";
import { type DatabaseHandle, openDatabase } from "./db/client.server";
import type { Env } from "./env.server";
import { createLogger, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail/mailer.server";
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
  mailer: Mailer;
  /** Better Auth: accounts, sessions, verification and reset tokens. */
  auth: Auth;
};

export async function createServices(env: Env, logger = createLogger(env.LOG_LEVEL)): Promise<AppServices> {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, "outbox"),
    logger,
  });
  return {
    env,
    logger,
    database,
    files: createLocalStorage(path.join(env.DATA_DIR, "files")),
    images: createLocalStorage(path.join(env.DATA_DIR, "images")),
    mailer,
    auth: createAuth({ env, db: database.db, mailer, logger }),
  };
}

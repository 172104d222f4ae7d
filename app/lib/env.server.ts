import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "~/lib/zod";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional());

const boolish = z
  .enum(["", "0", "1", "false", "true", "no", "yes"])
  .default("")
  .transform((v) => v === "1" || v === "true" || v === "yes");

const intWithDefault = (fallback: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .transform((v) => (v === "" ? String(fallback) : v))
    .pipe(z.coerce.number<string>().int().positive());

/** Every setting the process reads. Nothing else in the code base reads `process.env`. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.string().default("3000").pipe(z.coerce.number<string>().int().min(0).max(65535)),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalUrl.refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      "must be a postgres:// or postgresql:// URL",
    ),
    AUTH_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
    /**
     * The key that seals health data at rest (intake answers, private notes; decision 046): 32 bytes,
     * base64 or hex. Unset, a key is derived from AUTH_SECRET, so the embedded set-up works without it.
     */
    HEALTH_DATA_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || decodeKey(v) !== null, "must be 32 bytes, written in base64 or hex"),
    /** Keys used before HEALTH_DATA_KEY, comma-separated: values sealed with them still open. */
    HEALTH_DATA_OLD_KEYS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .refine((keys) => keys.every((key) => decodeKey(key) !== null), "must each be 32 bytes, in base64 or hex"),
    SMTP_URL: optionalUrl.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      "must be an smtp:// or smtps:// URL",
    ),
    /** The owner's notice of each sale, refund and new member: "off" stops them. */
    OWNER_NOTICES: z.enum(["on", "off"]).default("on"),
    /** Where the owner's notices go; the shop's contact address when unset. */
    OWNER_NOTICE_EMAIL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.email().optional()),
    /** Unset: mail comes from the business name and contact e-mail of the site settings. */
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_PRICE_DIGITAL_ACCESS: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_API_HOST: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_API_PORT: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_BUCKET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    S3_ACCESS_KEY_ID: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email())),
    TRUST_PROXY: boolish,
    /** Connections open at once; more are closed as they arrive (decision 043). */
    MAX_CONNECTIONS: intWithDefault(500),
    // Behind a balancer that checks /api/health: seconds a stopping server goes on serving while its
    // health check says 503, before it stops listening (0: stop listening at once).
    SHUTDOWN_DRAIN_SECONDS: z
      .string()
      .trim()
      .default("0")
      .transform((v) => (v === "" ? "0" : v))
      .pipe(z.coerce.number<string>().int().min(0).max(60)),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * The embedded database flushes each commit to disk (decision 044). "off" is for test suites only,
     * as their throwaway PostgreSQL runs with fsync=off: a crash of the machine could lose commits.
     */
    PGLITE_FSYNC: z.enum(["on", "off"], "must be on or off").default("on"),
    /** Sign-in lockout: failures per e-mail and client address, and per client address, in one window. */
    AUTH_SIGNIN_MAX_PER_ACCOUNT: intWithDefault(5),
    AUTH_SIGNIN_MAX_PER_IP: intWithDefault(50),
    /** Sign-in failures for one e-mail from every client together, in one window. */
    AUTH_SIGNIN_MAX_PER_ACCOUNT_ALL_CLIENTS: intWithDefault(20),
    AUTH_SIGNUP_MAX_PER_IP: intWithDefault(10),
    /** Verification and reset e-mails per address in one window. */
    AUTH_EMAILS_MAX_PER_ADDRESS: intWithDefault(3),
    AUTH_LIMIT_WINDOW_MINUTES: intWithDefault(15),
    // Up to 2,000 MB: sizes are kept as 32-bit integers, and no guide or course needs more.
    UPLOAD_MAX_PDF_MB: intWithDefault(200).pipe(z.number().max(2000, "must be at most 2000 (MB)")),
    UPLOAD_MAX_IMAGE_MB: intWithDefault(10).pipe(z.number().max(100, "must be at most 100 (MB)")),
    /** Hours between automatic backups (fractions allowed); 0 turns them off. */
    BACKUP_INTERVAL_HOURS: z
      .string()
      .trim()
      .default("24")
      .transform((v) => (v === "" ? "24" : v))
      .pipe(z.coerce.number<string>().nonnegative()),
    /** Automatic backups older than this are deleted (the newest good one never is). */
    BACKUP_KEEP_DAYS: intWithDefault(14),
    /** Where automatic backups go; DATA_DIR/backups when unset. */
    BACKUP_DIR: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required with DATABASE_URL (every instance must share it)",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required with STRIPE_SECRET_KEY (webhooks must be verified)",
      });
    }
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  AUTH_SECRET: string;
  /** Absolute data folder. */
  DATA_DIR: string;
  /** The site's public origin, without a trailing slash. */
  PUBLIC_URL: string;
  /** Absolute folder of the automatic backups. */
  BACKUP_DIR: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment record; throws a ConfigError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path[0] ?? "environment";
    throw new ConfigError(`Invalid configuration: ${String(name)} ${issue?.message ?? "is invalid"}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
    AUTH_SECRET: env.AUTH_SECRET ?? embeddedSecret(dataDir),
  };
}

/**
 * On the embedded database the secret is generated once and kept in the data folder, so
 * `npm start` works without configuration and sessions survive restarts.
 */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}

/** A 32-byte key written in hex (64 digits) or base64 / base64url; null when it is neither. */
export function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, "hex");
  // Node's base64 decoder skips characters it does not know: check the alphabet first.
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text, "base64");
  return bytes.length === 32 ? bytes : null;
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

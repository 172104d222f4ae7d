import path from "node:path";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { addAdmin, listAdmins, removeAdmin } from "~/features/accounts/manage-admins.server";
import { BackupError } from "~/features/backup/backup-manifest";
import { createBackup } from "~/features/backup/create-backup.server";
import { describeBackupHealth, readLastBackup } from "~/features/backup/last-backup.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { reconcilePayments } from "~/features/shop/reconcile-payments.server";
import { seedCatalogue } from "~/features/shop/seed-catalogue.server";
import { readEventLoopDelay } from "~/lib/event-loop-delay.server";
import { formatOutbox, readOutbox } from "~/lib/mail/read-outbox.server";
import type { AppServices } from "~/lib/services.server";

export type Command = {
  usage: string;
  run(services: AppServices, args: string[]): Promise<string>;
};

/** Every operator command. The CLI runs them in the live server (control channel) or on its own. */
export const commands: Record<string, Command> = {
  status: {
    usage: "status                      database kind and health",
    async run(services) {
      await services.database.ping();
      return [
        `ok: ${services.database.kind} database, data folder ${services.env.DATA_DIR}`,
        await describeBackups(services),
      ].join("\n");
    },
  },
  "event-loop": {
    usage:
      "event-loop [reset]          how long the event loop was blocked (p50, p99, max; and by its own work) since start or reset",
    async run(_services, [action]) {
      if (action !== undefined && action !== "reset") throw new UsageError(`Usage: ${commands["event-loop"]?.usage}`);
      const delay = readEventLoopDelay({ reset: action === "reset" });
      if (!delay) return "The server is not running: nothing measured.";
      return JSON.stringify(delay);
    },
  },
  seed: {
    usage: "seed                        add the demo catalogue when the catalogue is empty",
    async run(services) {
      // Run from the project folder (as the migrations folder is found): the covers of the last build.
      const added = await seedCatalogue(services, { coversDir: path.resolve("build", "server", "seed-covers") });
      return added ? `seeded ${added} products` : "catalogue not empty: nothing seeded";
    },
  },
  admin: {
    usage: "admin add|remove <email> | admin list   manage who has the admin role",
    async run(services, [action, email]) {
      const { db } = services.database;
      if (action === "list") {
        const admins = await listAdmins(db);
        return admins.length ? admins.join("\n") : "No admins yet.";
      }
      if ((action === "add" || action === "remove") && email) {
        return action === "add" ? addAdmin(db, email) : removeAdmin(db, email);
      }
      throw new UsageError(`Usage: ${commands.admin?.usage}`);
    },
  },
  "user:create": {
    usage: "user:create <email> <password> <full name>   a verified account, no e-mail needed",
    async run(services, [email, password, ...name]) {
      if (!email || !password || name.length === 0) throw new UsageError(`Usage: ${commands["user:create"]?.usage}`);
      const created = await createVerifiedUser(services, { email, password, fullName: name.join(" ") });
      return `Created ${created.email} (${created.id}).`;
    },
  },
  outbox: {
    usage: "outbox [count] [email]      newest e-mails written to the outbox (no SMTP_URL), links decoded",
    async run(services, args) {
      const count = args.find((a) => /^\d+$/.test(a));
      const to = args.find((a) => a.includes("@"));
      if (args.some((a) => a !== count && a !== to)) throw new UsageError(`Usage: ${commands.outbox?.usage}`);
      const dir = path.join(services.env.DATA_DIR, "outbox");
      return formatOutbox(await readOutbox(dir, { count: count ? Math.min(Number(count), 100) : 5, to }), dir);
    },
  },
  "payments:reconcile": {
    usage: "payments:reconcile          replay the payment provider's recent events (repairs missed webhooks)",
    run: (services) => reconcilePayments(services),
  },
  backup: {
    usage: "backup <folder>             database, files and images into a new folder (also while the server runs)",
    async run(services, [folder]) {
      if (!folder) throw new UsageError(`Usage: ${commands.backup?.usage}`);
      // Relative to the project folder: the server and npm scripts both run there.
      const { folder: written, manifest } = await operatorErrors(createBackup(services, path.resolve(folder)));
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      const bytes = manifest.objects.reduce((sum, o) => sum + o.bytes, 0);
      return [
        `Backup written to ${written}: ${manifest.tables.length} tables, ${rows} rows, ` +
          `${manifest.objects.length} files (${(bytes / 1e6).toFixed(1)} MB).`,
        ...manifest.skipped.map((name) => `Skipped ${name}: deleted while the backup ran.`),
      ].join("\n");
    },
  },
  restore: {
    usage:
      "restore <folder> [--without-erasure-register]   a backup into an empty database and data folder (server stopped)",
    async run(services, args) {
      const folder = args.find((arg) => !arg.startsWith("--"));
      const flags = args.filter((arg) => arg.startsWith("--"));
      if (!folder || flags.some((flag) => flag !== "--without-erasure-register")) {
        throw new UsageError(`Usage: ${commands.restore?.usage}`);
      }
      const source = path.resolve(folder);
      const withoutErasureRegister = flags.includes("--without-erasure-register");
      const { manifest, authSecret, erased } = await operatorErrors(
        restoreBackup(services, source, { withoutErasureRegister }),
      );
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      return [
        `Restored ${source} (made ${manifest.createdAt}): ${manifest.tables.length} tables, ${rows} rows, ` +
          `${manifest.objects.length} files; every checksum verified.`,
        erased.register.length === 0
          ? "Restored without an erasure register, as asked: nothing was erased again."
          : `Erased again from the erasure register (${erased.register.join(", ")}): ${erased.accounts} closed accounts, ${erased.consents} withdrawn health consents.` +
            (erased.sessions > 0
              ? ` ${erased.sessions} sessions those accounts had booked were cancelled again, and their packages ended, as closing them did. Their refunds were made then: npm run payments:reconcile records what went back to cards (Stripe), but not what went back to gift vouchers: check the balances of vouchers that paid for them.`
              : ""),
        ...(authSecret === "kept-configured"
          ? [
              `AUTH_SECRET is configured, so the backup's own secret was not applied; to keep visitors signed in, set AUTH_SECRET to the contents of ${path.join(source, "auth-secret")}.`,
            ]
          : []),
      ].join("\n");
    },
  },
};

async function describeBackups({ env }: AppServices): Promise<string> {
  const health = await describeBackupHealth(env);
  const last = await readLastBackup(env);
  const schedule =
    env.BACKUP_INTERVAL_HOURS === 0
      ? "automatic backups off (BACKUP_INTERVAL_HOURS=0)"
      : `automatic backups every ${env.BACKUP_INTERVAL_HOURS} hours into ${env.BACKUP_DIR}, kept ${env.BACKUP_KEEP_DAYS} days`;
  if (!last || health.ageSeconds === null) return `last backup: none yet; ${schedule}`;
  const hours = (health.ageSeconds / 3600).toFixed(1);
  return (
    `last backup: ${last.createdAt} (${hours} hours ago${health.state === "late" ? ", LATE" : ""}), ` +
    `verified, ${last.rows} rows and ${last.objects} files in ${last.folder}` +
    `${last.copiedTo ? `, copied to ${last.copiedTo}` : ""}; ${schedule}`
  );
}

/** A backup problem is the operator's to fix: the CLI prints a UsageError's message alone, without a stack. */
async function operatorErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof BackupError) throw new UsageError(error.message);
    throw error;
  }
}

export async function runCommand(services: AppServices, name: string, args: string[]): Promise<string> {
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}".\n${usage()}`);
  return command.run(services, args);
}

export class UsageError extends Error {
  override name = "UsageError";
}

export function usage(): string {
  return `Commands:\n${Object.values(commands)
    .map((c) => `  ${c.usage}`)
    .join("\n")}`;
}

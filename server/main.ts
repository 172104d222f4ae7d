import "~/line-kinds.server";
import "~/personal-data.server";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { serve } from "@hono/node-server";
import { sweepUploads } from "~/features/admin/sweep-uploads.server";
import { startBackupSchedule } from "~/features/backup/run-scheduled-backup.server";
import { RETENTION_INTERVAL_MS, runRetention } from "~/features/rights/run-retention.server";
import { checkPaymentConfig } from "~/features/shop/check-payment-config.server";
import { runShopUpkeep, SHOP_UPKEEP_INTERVAL_MS } from "~/features/shop/run-shop-upkeep.server";
import { seedCatalogue } from "~/features/shop/seed-catalogue.server";
import { DataDirError, restrictNewFiles } from "~/lib/data-dir.server";
import { DataLockError } from "~/lib/db/data-lock.server";
import { startDraining } from "~/lib/draining.server";
import { ConfigError, getEnv } from "~/lib/env.server";
import { watchEventLoop } from "~/lib/event-loop-delay.server";
import { createLogger } from "~/lib/logger.server";
import { createServices } from "~/lib/services.server";
import { createApp } from "./app";
import { runCommand } from "./commands";
import { CONNECTION_TIMEOUTS, capConnections } from "./connection-limits";
import { controlSocketPath, startControlServer } from "./control-channel";
import { startupMessage } from "./startup-message";

export { seedCatalogue } from "~/features/shop/seed-catalogue.server";
export { parseEnv } from "~/lib/env.server";
export { createServices } from "~/lib/services.server";
// For tests that drive the built server in-process.
export { createApp } from "./app";
export { runCommand } from "./commands";
export { build };

/** Made by scripts/make-database-template.ts beside this bundle (build/server/). */
const PGLITE_TEMPLATE = path.resolve(import.meta.dirname, "pglite-template.tar.gz");
/** Made by scripts/make-seed-covers.ts beside this bundle: the seed then never loads sharp (decision 037). */
const SEED_COVERS = path.resolve(import.meta.dirname, "seed-covers");

/** The production server: `node build/server/index.js`. */
async function start() {
  // First of all: the configuration may already write the auth secret into DATA_DIR.
  restrictNewFiles();
  const env = getEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const services = await createServices(env, logger, { pgliteTemplate: PGLITE_TEMPLATE });
  await seedCatalogue(services, { coversDir: SEED_COVERS });
  await checkPaymentConfig(services);
  // Uploads abandoned while the server was down (or cut off by a crash) are cleared once at start.
  sweepUploads(services).catch((error: unknown) => logger.error({ err: error }, "upload sweep failed"));
  // Database upkeep (a vacuum on PGlite) at start and every six hours; a small shop's takes milliseconds.
  const maintain = () =>
    services.database.maintain().catch((error: unknown) => logger.error({ err: error }, "database upkeep failed"));
  void maintain();
  setInterval(maintain, 6 * 60 * 60 * 1000).unref();
  // Stale checkouts closed and refunds that did not go through retried, at start and every few minutes.
  const shopUpkeep = () =>
    runShopUpkeep(services).catch((error: unknown) => logger.error({ err: error }, "shop upkeep failed"));
  void shopUpkeep();
  setInterval(shopUpkeep, SHOP_UPKEEP_INTERVAL_MS).unref();
  // Personal data past its time erased (decision 049), at start and hourly, once across instances.
  const retention = () =>
    runRetention(services).catch((error: unknown) => logger.error({ err: error }, "retention failed"));
  void retention();
  setInterval(retention, RETENTION_INTERVAL_MS).unref();
  // A verified backup whenever the last good one is BACKUP_INTERVAL_HOURS old (checked every quarter hour).
  const backups = startBackupSchedule(services);

  watchEventLoop();
  const app = createApp({
    services,
    build,
    mode: "production",
    staticRoot: path.relative(process.cwd(), path.resolve(import.meta.dirname, "../client")),
  });
  const server = serve(
    { fetch: app.fetch, port: env.PORT, hostname: env.HOST, serverOptions: CONNECTION_TIMEOUTS },
    (info) => {
      // For a person at a terminal; a service manager or a log collector (not a TTY) gets the JSON alone.
      if (process.stdout.isTTY) process.stdout.write(`${startupMessage(env)}\n`);
      // The address people and e-mails use (the message's), and where the socket listens.
      logger.info(
        { url: env.PUBLIC_URL, listening: `${info.address}:${info.port}`, database: services.database.kind },
        "server listening",
      );
    },
  );
  capConnections(server, env.MAX_CONNECTIONS);
  const control = await startControlServer(controlSocketPath(env.DATA_DIR), ({ command, args }) =>
    runCommand(services, command, args),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(
      () => {
        logger.error("shutdown took too long; exiting");
        process.exit(1);
      },
      10_000 + env.SHUTDOWN_DRAIN_SECONDS * 1000,
    );
    force.unref();
    control?.close();
    backups.stop();
    if (env.SHUTDOWN_DRAIN_SECONDS > 0) {
      startDraining();
      logger.info({ seconds: env.SHUTDOWN_DRAIN_SECONDS }, "draining: health check 503, still serving");
      setTimeout(stopListening, env.SHUTDOWN_DRAIN_SECONDS * 1000);
    } else {
      stopListening();
    }
  };
  const stopListening = () => {
    server.close(async () => {
      await services.database.close();
      logger.info("shutdown complete");
      process.exit(0);
    });
    // Keep-alive connections with no request in flight would hold close() open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    // A keep-alive client that keeps sending would hold it open for ever: each answer now ends its connection.
    if ("closeIdleConnections" in server) server.on("request", (_req, res) => res.setHeader("Connection", "close"));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (import.meta.main) {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataLockError || error instanceof DataDirError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

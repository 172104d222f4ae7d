import "~/line-kinds.server";
import "~/personal-data.server";
import path from "node:path";
import { DataDirError, restrictNewFiles } from "~/lib/data-dir.server";
import { DataLockError } from "~/lib/db/data-lock.server";
import { ConfigError, getEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createServices } from "~/lib/services.server";
import { runCommand, UsageError, usage } from "./commands";
import { controlSocketPath, sendControlCommand } from "./control-channel";

/** `node build/server/cli.js <command> [args]`: through the running server if there is one. */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(usage());
    return command ? 0 : 2;
  }
  restrictNewFiles();
  const env = getEnv();
  const viaServer = await sendControlCommand(controlSocketPath(env.DATA_DIR), { command, args });
  if (viaServer) {
    if (viaServer.ok) console.log(viaServer.output);
    else console.error(viaServer.error);
    return viaServer.ok ? 0 : 1;
  }
  const services = await createServices(env, createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL), {
    // Made at build time beside this bundle (build/server/), as for the server.
    pgliteTemplate: path.resolve(import.meta.dirname, "pglite-template.tar.gz"),
  });
  try {
    console.log(await runCommand(services, command, args));
    return 0;
  } finally {
    await services.database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DataLockError ||
      error instanceof DataDirError ||
      error instanceof UsageError
    ) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);

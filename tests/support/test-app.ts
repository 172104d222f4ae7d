import path from "node:path";
import { createTestServices } from "./test-services";

type ServerModule = typeof import("../../server/main");

/** The build folder: `build`, or BUILD_DIR for a build kept apart from the served one. */
const buildDir = process.env.BUILD_DIR || "build";

/**
 * The production server bundle (build/server/index.js), so HTTP tests exercise exactly what ships.
 * `npm test` builds before it runs them.
 */
export async function loadServerBuild(): Promise<ServerModule> {
  const file = path.resolve(buildDir, "server/index.js");
  return (await import(/* @vite-ignore */ file)) as ServerModule;
}

/** An in-process app on a clean database; requests go through `app.request(...)`. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl: string | undefined },
) {
  const server = await loadServerBuild();
  const context = await createTestServices(overrides, server, reuse);
  const app = server.createApp({
    services: context.services,
    build: server.build,
    mode: "production",
    staticRoot: `${buildDir}/client`,
  });
  return { ...context, app, server };
}

import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { seedCatalogue } from "~/features/shop/seed-catalogue.server";
import { createApp } from "../../server/app";
import { runCommand } from "../../server/commands";
import { createTestServices, type TestServicesOptions } from "./test-services";

/** The build folder, for the client assets the app serves: `build`, or BUILD_DIR. */
const buildDir = process.env.BUILD_DIR || "build";

/**
 * The server from the source, through Vite's module runner as the dev server loads it: the Hono app
 * and React Router's server build (`virtual:react-router/server-build`, made by the app's own Vite
 * plugin in vitest.config.ts). Editing a feature and running its test tests the edit.
 */
export async function loadServer() {
  const build = await import("virtual:react-router/server-build");
  return { createApp, runCommand, seedCatalogue, build };
}

/**
 * An in-process app; requests go through `app.request(...)`. Its database starts as a copy of the
 * run's migrated template, or of the seeded one (the demo catalogue and its files) with
 * `{ template: "seeded" }`. Client assets (`/assets/*`) are served from the build, when there is one.
 */
export async function createTestApp(overrides: Record<string, string> = {}, options: TestServicesOptions = {}) {
  const server = await loadServer();
  const context = await createTestServices(overrides, options);
  const app = server.createApp({
    services: context.services,
    build: server.build,
    mode: "production",
    staticRoot: existsSync(`${buildDir}/client`) ? `${buildDir}/client` : undefined,
  });
  return { ...context, app, server };
}

/** The app on a real HTTP server, as the production server runs it, on a free port of 127.0.0.1. */
export async function serveOverHttp(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { preactAliases, usesReactFiles } from "./preact-aliases.ts";

/**
 * The app's own Vite plugin, so tests that drive the whole server import it from the source, as the
 * dev server does (`virtual:react-router/server-build`): editing a feature and running its test
 * tests the edit, with no build in between (decision 026).
 */
const serverFromSource: Plugin[] = [
  ...reactRouter(),
  {
    // Vitest asks Vite's SSR environment for the "module" condition, under which @aws-sdk resolves
    // its browser-leaning dist-es files and fails in Node; Node's own conditions resolve it as the
    // server does.
    name: "server-conditions",
    enforce: "post",
    configEnvironment(name, options) {
      if (name === "ssr") {
        options.resolve ??= {};
        options.resolve.conditions = ["node", "development|production"];
      }
    },
  },
];

/**
 * Database-project files whose subject is the HTTP layer, not the database: hostile input to every
 * form and endpoint, and who may open what. `npm test` runs them once, on PostgreSQL, where they take
 * a quarter of PGlite's time beside the browser tests (decision 058); a plain `vitest run` runs them.
 */
const ENGINE_NEUTRAL = ["tests/integration/fuzz.test.ts", "tests/integration/authorization-matrix.test.ts"];
const skipEngineNeutral = process.env.SKIP_ENGINE_NEUTRAL_TESTS === "1";
/** Files about the embedded database's own machinery (its flush, its turns): nothing to check on PostgreSQL. */
const PGLITE_ONLY = ["app/lib/db/durable-nodefs.db.test.ts", "app/lib/db/yielding-pglite.db.test.ts"];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { tsconfigPaths: true, alias: preactAliases },
  test: {
    // The files pass, then Vite's server takes the whole default 10 s to close ("something prevents
    // Vite server from exiting", already so before decision 054): 10 s at the end of the reliability
    // stages and of a single file's run, for nothing.
    teardownTimeout: 2_000,
    // Libraries that import `react` run through Vite, so they get Preact too (decision 063).
    server: { deps: { inline: [usesReactFiles] } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // One module graph per worker, shared by its files: importing the app anew for every file was
          // a fifth of the run (decision 054). Each file still opens its own database.
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
        },
      },
      {
        // Everything that touches a database: run on PGlite, and again on PostgreSQL by `npm test`
        // (less the files above that have one engine's subject).
        // Each test file copies one migrated database seeded once per run (tests/support/database-template.ts).
        extends: true,
        plugins: serverFromSource,
        test: {
          name: "database",
          isolate: false,
          include: ["**/*.db.test.ts", "tests/integration/**/*.test.ts"],
          exclude: [
            "node_modules/**",
            "build/**",
            ...(skipEngineNeutral ? ENGINE_NEUTRAL : []),
            ...(onPostgres ? PGLITE_ONLY : []),
          ],
          globalSetup: ["tests/support/database-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Real server processes under load, killed and restarted: minutes of work, so only when asked for
      // (`npm run test:reliability`, and its own steps in `npm test`), never inside a plain `vitest run`.
      ...(process.env.RELIABILITY_TESTS === "1"
        ? [
            {
              extends: true as const,
              test: {
                name: "reliability",
                include: ["tests/reliability/**/*.test.ts"],
                globalSetup: ["tests/support/site-template.ts"],
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});

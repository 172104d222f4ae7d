import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
        },
      },
      {
        // Everything that touches a database: run on PGlite, and again on PostgreSQL by `npm test`.
        extends: true,
        test: {
          name: "database",
          include: ["**/*.db.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["node_modules/**", "build/**"],
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

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
    ],
  },
});

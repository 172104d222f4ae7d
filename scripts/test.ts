/**
 * `npm test`: everything CI checks, in order. Installs Debian's chromium, postgresql and Java first when
 * they are missing and we are root; otherwise says exactly what to install.
 * Runs on Node 24's type stripping, so it imports only Node built-ins and sibling files with .ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findPostgresBin, startTemporaryPostgres } from "./temporary-postgres.ts";

const isRoot = process.getuid?.() === 0;

function ensureSystemPackage(name: string, present: () => boolean) {
  if (present()) return;
  if (!isRoot) {
    console.error(`Missing the Debian package "${name}". Install it with: sudo apt-get install -y ${name}`);
    process.exit(1);
  }
  console.log(`Installing ${name} with apt-get...`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", name],
  ]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

ensureSystemPackage("chromium", () => existsSync("/usr/bin/chromium"));
ensureSystemPackage("postgresql", () => findPostgresBin() !== undefined);
// The e-mail tests check every template with the Nu HTML Checker (vnu-jar), which runs on Java.
ensureSystemPackage("default-jre-headless", () => spawnSync("java", ["-version"]).status === 0);

const only = process.argv[2];
const started = Date.now();

if (!only || only === "static") {
  step("Type check", "react-router", ["typegen"]);
  step("Type check (tsc)", "tsc", ["--noEmit"]);
  step("Lint and format (Biome)", "biome", ["ci", "."]);
}
step("Production build", "npm", ["run", "build"]);
step("Unit and integration tests (PGlite)", "vitest", ["run"]);
// Real server processes killed, stopped and restarted under load (tests/reliability/).
step("Reliability (PGlite)", "vitest", ["run", "--project", "reliability"], { RELIABILITY_TESTS: "1" });

const postgres = await startTemporaryPostgres();
try {
  step("Integration tests (PostgreSQL)", "vitest", ["run", "--project", "database"], {
    TEST_DATABASE_URL: postgres.url,
  });
  step("Reliability (PostgreSQL)", "vitest", ["run", "--project", "reliability"], {
    TEST_DATABASE_URL: postgres.url,
    RELIABILITY_TESTS: "1",
  });
} finally {
  await postgres.stop();
}

step("Browser tests (Chromium, production build)", "playwright", ["test"]);
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);

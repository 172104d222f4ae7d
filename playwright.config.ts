import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium-path.ts";

// One data folder and port for the whole run; workers inherit them through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "sacred-e2e-"));
process.env.E2E_PORT ??= "3217";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Debian's Chromium in its headless shell (the package chromium-headless-shell: the same build, without
// the windowing a person needs): the browser tests' largest cost is Chromium itself, and the shell
// takes about two thirds of the full browser's CPU for the same pages, and a third for a new context
// (decision 026). For a headed run: CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed.
const chromium = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium };
const phone = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium };
// booking-visitor lets clients book at short notice for a moment (a late cancellation): after the others too.
const ownerTests = /(owner-content|booking-visitor|her-pictures)\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three browsers on two cores (E2E_WORKERS overrides it). Measured: no faster than two, as the
  // machine's CPU is 98 % busy during npm test (decision 026); kept because that run passed with it.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A failed test keeps its trace (each step's DOM snapshot, the network, the console) but no screencast:
  // encoding a film of every test cost CPU on every run for the few that fail.
  use: { baseURL, trace: { mode: "retain-on-failure", screenshots: false }, launchOptions: chromium },
  // The owner's tests change what every visitor sees (contact e-mail, an event, a gallery photo, her
  // pictures), so they
  // runs after all the others, one width after the other.
  projects: [
    { name: "desktop", testIgnore: ownerTests, use: desktop },
    { name: "phone", testIgnore: ownerTests, use: phone },
    { name: "owner-desktop", testMatch: ownerTests, dependencies: ["desktop", "phone"], use: desktop },
    { name: "owner-phone", testMatch: ownerTests, dependencies: ["owner-desktop"], use: phone },
  ],
  webServer: {
    command: `node ${process.env.BUILD_DIR || "build"}/server/index.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // At LOG_LEVEL warn the server says little: what it does say (a slow answer, a failure) is printed
    // with the tests' own output, where a failed test's cause is looked for.
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
    },
  },
});

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Sacred-Test-42";
const dataDir = () => process.env.E2E_DATA_DIR as string;

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.com`;

/** A verified account, made by the running server's CLI through its control socket. */
export function createUser(email: string, fullName = "Test Buyer") {
  const cli = `${process.env.BUILD_DIR || "build"}/server/cli.js`;
  execFileSync(process.execPath, [cli, "user:create", email, PASSWORD, ...fullName.split(" ")], {
    env: { ...process.env, DATA_DIR: dataDir() },
    stdio: "pipe",
  });
}

export async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  // Already signed in (for example by the e-mail verification link): /auth sends us on.
  if (!new URL(page.url()).pathname.startsWith("/auth")) return;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
}

/** The bytes the seed stored for a storage key. */
export const storedFile = (key: string) => readFileSync(path.join(dataDir(), "files", key));

/** Runs the download a click starts and returns its bytes. */
export async function downloadBytes(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return readFileSync(file);
}

/** Ticks the reg. 37 consent and pays in the purchase dialog, then pays on the demo checkout page. */
export async function payInDialogAndDemo(page: Page, buttonName: RegExp | string, total: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/I want immediate access to this digital content/).check();
  await dialog.getByRole("button", { name: buttonName }).click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await expect(page.getByText("Demo mode: no real payment is taken")).toBeVisible();
  await expect(page.getByTestId("demo-total")).toHaveText(total);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByRole("heading", { name: "Thank You for Your Purchase" })).toBeVisible();
}

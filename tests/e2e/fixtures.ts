import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const dataDir = process.env.E2E_DATA_DIR as string;

/** Runs axe-core on the page and returns the violations (an empty list is a pass). */
export async function accessibilityViolations(page: Page) {
  // Let transitions (toasts sliding in, menus opening) settle: half-faded text is not what people read.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A visitor who has already answered the cookie banner, so it does not cover the page. */
export async function dismissCookieBanner(page: Page, choice: "all" | "necessary" = "necessary") {
  await page.addInitScript((value) => {
    if (!localStorage.getItem("cookie-consent")) {
      localStorage.setItem(
        "cookie-consent",
        JSON.stringify({ consent: value, preferences: { analytics: value === "all", marketing: value === "all" } }),
      );
    }
  }, choice);
}

/** A unique address for one test, so tests never share accounts. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`.toLowerCase();
}

export const PASSWORD = "Sacred-Pass9";

/** Runs an operator command in the server under test, through its control socket. */
export async function serverCommand(command: string, ...args: string[]): Promise<string> {
  const { controlSocketPath, sendControlCommand } = await import("../../server/control-channel");
  const response = await sendControlCommand(controlSocketPath(dataDir), { command, args });
  if (!response) throw new Error("The server under test is not answering on its control socket");
  if (!response.ok) throw new Error(response.error);
  return response.output;
}

/** A verified customer account, made by the operator command (no e-mail round trip). */
export async function createUser(label = "customer", { admin = false } = {}) {
  const email = uniqueEmail(label);
  await serverCommand("user:create", email, PASSWORD, "Test Customer");
  if (admin) await serverCommand("admin", "add", email);
  return { email, password: PASSWORD };
}

/** Signs in through the /auth form, as a person would. */
export async function signIn(page: Page, user: { email: string; password: string }, path = "/auth") {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Below 1024 px the account actions live in the collapsible menu. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

export const test = base;
export { expect };

/**
 * The one helper module of the browser tests: accounts, signing in, the demo payment, downloads,
 * accessibility, and Playwright fixtures (`test.extend`) for the accounts a test starts with.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { HYDRATED_ATTRIBUTE } from "../../app/lib/hydrate-after-paint";
import { addDays, weekdayOf, zonedDate } from "../../app/lib/zoned-time";

/** The data folder of the server under test (playwright.config.ts makes it). */
export const dataDir = process.env.E2E_DATA_DIR as string;

/** Every account the tests make has this password. */
export const PASSWORD = "Sacred-Test-42";

export type Account = { email: string; password: string };

/** Runs axe-core on the page and returns the violations (an empty list is a pass). */
export async function accessibilityViolations(page: Page) {
  // Half-faded text is not what people read. A toast can start sliding in at any moment (it comes
  // with a lazily loaded library), even after a check that nothing moves: under reduced motion the
  // toast library shows its toasts at once; other transitions (menus opening) are let settle.
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
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

/**
 * Waits until the page's scripts have hydrated it (and replayed any early clicks), for the few
 * steps a person could only take once the page is live (decision 024: clicks before it are replayed,
 * but typing into a field React then re-renders is not).
 */
export async function waitForHydration(page: Page) {
  await page.locator(`html[${HYDRATED_ATTRIBUTE}="live"]`).waitFor({ state: "attached" });
}

/** A unique address for one test, so tests never share accounts. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`.toLowerCase();
}

/** Runs an operator command in the server under test, through its control socket. */
export async function serverCommand(command: string, ...args: string[]): Promise<string> {
  const { controlSocketPath, sendControlCommand } = await import("../../server/control-channel");
  const response = await sendControlCommand(controlSocketPath(dataDir), { command, args });
  if (!response) throw new Error("The server under test is not answering on its control socket");
  if (!response.ok) throw new Error(response.error);
  return response.output;
}

/** A verified account, made by the operator command (no e-mail round trip); an admin when asked. */
export async function createUser(
  label = "customer",
  { admin = false, name = "Test Customer" }: { admin?: boolean; name?: string } = {},
): Promise<Account> {
  const email = uniqueEmail(label);
  await serverCommand("user:create", email, PASSWORD, name);
  if (admin) await serverCommand("admin", "add", email);
  return { email, password: PASSWORD };
}

/**
 * Signs in through the /auth form, as a person would, and waits until the site has sent them on.
 * Already signed in (say by the e-mail verification link): /auth sends them on at once.
 */
export async function signIn(page: Page, user: Account) {
  await page.goto("/auth");
  if (!new URL(page.url()).pathname.startsWith("/auth")) return;
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/** Below 1024 px the account actions live in the collapsible menu. */
/** A full-page screenshot into BOOKING_SHOTS (a folder), when it is set: `name-WIDTH.png`. */
export async function bookingShot(page: Page, name: string) {
  const folder = process.env.BOOKING_SHOTS;
  if (!folder) return;
  await page.screenshot({ path: path.join(folder, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/**
 * From a booking page that asks for them, answers the default health questions with the consent box
 * ticked (decision 046), and comes back to the booking page.
 */
export async function answerHealthQuestions(page: Page, hopes = "To feel calmer.") {
  const bookingPage = page.url();
  await page.getByRole("link", { name: "Answer the health questions" }).click();
  await expect(page.getByRole("heading", { name: "Health questions", level: 1 })).toBeVisible();
  await page.getByLabel("What would you like to gain from your sessions?").fill(hopes);
  for (const question of [/^Are you pregnant/, /^Do you have a pacemaker/, /^Do you have epilepsy/]) {
    await page.getByRole("group", { name: question }).getByLabel("No", { exact: true }).check();
  }
  await page
    .getByRole("group", { name: /^How would you prefer to receive Reiki/ })
    .getByLabel("No preference")
    .check();
  await page.getByLabel(/^I consent to my answers to these health questions/).check();
  await page.getByRole("button", { name: "Save my answers" }).click();
  await expect(page).toHaveURL(bookingPage);
}

/** An open day (Tuesday-Saturday, London) at least `ahead` days from today. */
export function openDay(ahead: number): string {
  let date = addDays(zonedDate(new Date()), ahead);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The bytes the seed stored for a storage key. */
export const storedFile = (key: string) => readFileSync(path.join(dataDir, "files", key));

/** Runs the download a click starts and returns its bytes. */
export async function downloadBytes(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return readFileSync(await download.path());
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

/**
 * The accounts a test starts with, each new for the test: `customer` (verified) and `admin`.
 * `test("...", async ({ page, admin }) => { await signIn(page, admin); ... })`.
 */
export const test = base.extend<{ customer: Account; admin: Account }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
  customer: async ({}, use) => use(await createUser("customer")),
  // biome-ignore lint/correctness/noEmptyPattern: as above
  admin: async ({}, use) => use(await createUser("admin", { admin: true, name: "Ada Admin" })),
});
export { expect };

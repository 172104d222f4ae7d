import path from "node:path";
import type { Page } from "@playwright/test";
import {
  accessibilityViolations,
  dismissCookieBanner,
  downloadBytes,
  expect,
  PASSWORD,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

/** Issue 26, items 1-3 (decision 049): her account page, her data, and closing her account. */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** A full-page screenshot into RIGHTS_SHOTS (a folder), when it is set: `name-WIDTH.png`. */
async function shot(page: Page, name: string) {
  const folder = process.env.RIGHTS_SHOTS;
  if (folder)
    await page.screenshot({ path: path.join(folder, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

test("a client downloads her data and closes her account", async ({ page, customer }) => {
  await signIn(page, customer);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveValue(customer.email);
  await expect(page.getByRole("list", { name: "Signed-in devices" })).toContainText("(this device)");
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, "account");

  await waitForHydration(page);
  await page.getByRole("button", { name: "Prepare my data" }).click();
  const link = page.getByRole("link", { name: /^Download my data/ });
  await expect(link).toBeVisible();
  const file = JSON.parse((await downloadBytes(page, () => link.click())).toString("utf8"));
  expect(file.format).toBe("sacred-healing-personal-data/1");
  expect(file.account.user.email).toBe(customer.email);
  expect(JSON.stringify(file)).not.toMatch(/"password"|"token"/);

  await page.getByRole("link", { name: "Close my account" }).click();
  await expect(page).toHaveURL(/\/account\/close$/);
  await expect(page.getByRole("heading", { name: "What happens" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, "account-close");

  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByLabel("Type CLOSE to confirm").fill("close please");
  await page.getByRole("button", { name: "Close my account for good" }).click();
  await expect(page.getByRole("alert")).toContainText("Please type CLOSE to confirm.");
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
  await page.getByRole("button", { name: "Close my account for good" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account is closed and your personal details are erased.")).toBeVisible();

  // Signed out, and the old password opens nothing.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount/);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid email or password. Please check your credentials.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

import path from "node:path";
import type { Page } from "@playwright/test";
import {
  accessibilityViolations,
  dismissCookieBanner,
  expect,
  isPhone,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Issue 14 item 5 (decision 034): when a page's data is lost on the way (here the `.data` request of a
 * client navigation), a signed-in customer stays signed in on screen and sees the spec §8 'Error'
 * toast with a Retry; Retry loads the page without reloading the document.
 */

const shots = process.env.SCREENSHOT_DIR || path.join("test-results", "screenshots");

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** Marks the document: a full reload would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

async function expectFailure(page: Page, message: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: message });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Error");
  await expect(toast.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(page.getByRole("main").getByText(message)).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  // The frame keeps the account as it is: no 'Sign In' offered to someone signed in.
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await page.getByRole("button", { name: "Close menu" }).click();
  } else {
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  }
  await expect(page.locator("footer")).toBeVisible();
  return toast;
}

test("a lost products request shows the §8 toast and Retry, and Retry loads the library", async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto("/about");
  await waitForHydration(page);
  await markDocument(page);
  await page.route(/\/products\.data/, (route) => route.abort());
  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Products", exact: true }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expectFailure(page, "Failed to load products. Please try again later.");
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.screenshot({ path: path.join(shots, `load-failure-products-${page.viewportSize()?.width}.png`) });

  await page.unroute(/\/products\.data/);
  await page.getByRole("main").getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("button", { name: "Add to cart: Chakra Balance Guide" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Retry" })).toHaveCount(0);
  // The failure's toast goes with the failure.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Failed to load products" })).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
});

test("a lost product request shows 'Failed to load product'; the toast's Retry loads it", async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto("/products");
  await waitForHydration(page);
  await markDocument(page);
  await page.route(/\/product\/chakra-balance-guide\.data/, (route) => route.abort());
  await page
    .getByRole("link", { name: /View Details/ })
    .and(page.locator('[href="/product/chakra-balance-guide"]'))
    .click();
  await expect(page).toHaveURL(/\/product\/chakra-balance-guide$/);
  const toast = await expectFailure(page, "Failed to load product");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.screenshot({ path: path.join(shots, `load-failure-product-${page.viewportSize()?.width}.png`) });

  await page.unroute(/\/product\/chakra-balance-guide\.data/);
  await toast.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chakra Balance Guide" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a lost purchases request shows 'Failed to load your purchases'; a Retry that fails again says so again", async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto("/products");
  await waitForHydration(page);
  await markDocument(page);
  await page.route(/\/my-purchases\.data/, (route) => route.abort());
  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "My Downloads" }).first().click();
  await expect(page).toHaveURL(/\/my-purchases$/);
  await expectFailure(page, "Failed to load your purchases");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.screenshot({ path: path.join(shots, `load-failure-purchases-${page.viewportSize()?.width}.png`) });

  // Still failing: the Retry ends in the same page and a new toast in place of the first.
  const toasts = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to load your purchases" });
  await toasts.first().evaluate((toast) => toast.setAttribute("data-first", ""));
  await page.getByRole("main").getByRole("button", { name: "Retry" }).click();
  await expect(
    page.locator("[data-sonner-toast]:not([data-first])").filter({ hasText: "Failed to load" }),
  ).toBeVisible();

  await page.unroute(/\/my-purchases\.data/);
  await page.getByRole("main").getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "No Purchases Yet" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cookie-consent") ?? "null"));
const banner = (page: Page) => page.getByRole("region", { name: /We value your privacy|Manage your cookie choices/ });

test.describe("the cookie banner", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
  });

  test("Accept all stores 'all' and hides the banner", async ({ page }) => {
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: "all", preferences: { analytics: true, marketing: true } });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test("Reject all stores 'necessary'", async ({ page }) => {
    await page.getByRole("button", { name: "Reject all", exact: true }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: "necessary", preferences: { analytics: false, marketing: false } });
  });

  test("the close icon rejects all", async ({ page }) => {
    await page.getByRole("button", { name: "Close and reject all optional cookies" }).click();
    await expect(banner(page)).toBeHidden();
    expect((await stored(page)).consent).toBe("necessary");
  });

  test("Manage choices starts with both toggles off; Back returns; saving one on stores 'all'", async ({ page }) => {
    await page.getByRole("button", { name: "Manage choices" }).click();
    const analytics = page.getByRole("switch", { name: "Analytics cookies" });
    const marketing = page.getByRole("switch", { name: "Marketing cookies" });
    await expect(analytics).toHaveAttribute("aria-checked", "false");
    await expect(marketing).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Always active")).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("button", { name: "Accept all" })).toBeVisible();
    await page.getByRole("button", { name: "Manage choices" }).click();
    await page.getByRole("switch", { name: "Marketing cookies" }).click();
    await page.getByRole("button", { name: "Save choices" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: "all", preferences: { analytics: false, marketing: true } });
  });

  test("saving with both toggles off stores 'necessary'", async ({ page }) => {
    await page.getByRole("button", { name: "Manage choices" }).click();
    await page.getByRole("button", { name: "Save choices" }).click();
    await expect(banner(page)).toBeHidden();
    expect((await stored(page)).consent).toBe("necessary");
  });

  test("'Cookie Settings' clears the choice and the banner returns", async ({ page }) => {
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    await page.locator("footer").getByRole("button", { name: "Cookie Settings" }).click();
    await expect(banner(page)).toBeVisible();
    expect(await stored(page)).toBeNull();
  });
});

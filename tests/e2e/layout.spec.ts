import { accessibilityViolations, dismissCookieBanner, expect, test } from "./fixtures";

const navigation = [
  ["Home", "/"],
  ["About", "/about"],
  ["Products", "/products"],
  ["Energy Healing", "/reiki"],
  ["ZYTO Scan", "/zyto"],
  ["Aromatherapy", "/aromatherapy"],
  ["Music", "/music"],
  ["Media & Events", "/media-events"],
  ["Contact", "/contact"],
] as const;

test.describe("the shared layout", () => {
  test("every navigation link leads to its page", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/");
    const wide = (page.viewportSize()?.width ?? 0) >= 1280;
    for (const [label, path] of navigation) {
      if (!wide) await page.getByRole("button", { name: "Open menu" }).click();
      const nav = page.getByRole("navigation", { name: wide ? "Main" : "Mobile" });
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.locator("h1").first()).toBeVisible();
    }
    // App goes to the external app: the link is there and points at /app.
    if (!wide) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("link", { name: "App", exact: true }).first()).toHaveAttribute("href", "/app");
  });

  test("the mobile menu works by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await dismissCookieBanner(page);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeVisible();
    // Focus moves into the menu.
    await expect(mobileNav.getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    // Open again and follow a link with the keyboard.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(mobileNav.getByRole("link", { name: "About" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/about");
    await expect(mobileNav).toBeHidden();
  });

  test("the footer has the offerings, contact details, socials, legal links and Cookie Settings", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/");
    const footer = page.locator("footer");
    for (const name of ["Terms and Conditions", "Privacy Policy", "Cookie Policy", "Refund Policy", "Disclaimer"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    for (const name of ["Facebook", "Instagram", "TikTok"]) {
      const link = footer.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByRole("link", { name: "Reiki Energy Healing" })).toBeVisible();
    await expect(footer.getByRole("button", { name: "Cookie Settings" })).toBeVisible();
    await expect(footer.getByText("Tuesday-Saturday 9am-6pm GMT")).toBeVisible();
  });

  test("signed out, the header offers Sign In", async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/");
    if ((page.viewportSize()?.width ?? 0) < 640) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Sign In" }).filter({ visible: true }).click();
    await expect(page).toHaveURL("/auth");
  });

  test("an unknown address shows the 404 page", async ({ page }) => {
    await dismissCookieBanner(page);
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

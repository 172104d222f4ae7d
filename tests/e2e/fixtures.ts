import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const dataDir = process.env.E2E_DATA_DIR as string;

/** Runs axe-core on the page and returns the violations (an empty list is a pass). */
export async function accessibilityViolations(page: Page) {
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

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

export const test = base;
export { expect };

import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const base = "http://127.0.0.1:3413";
const D = process.env.FULL_DAY as string;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
const consent = [{ name: "cookie-consent", value: "x", url: base }];
async function ctx(width: number) {
  const c = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  return c;
}
async function signIn(page, email) {
  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Sacred-Test-42");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
}
async function axe(page, label) {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  console.log(label, r.violations.map((v) => `${v.id} (${v.nodes.length})`).join(", ") || "no violations");
}
const stage = process.env.STAGE;
if (stage === "setup") {
  const c = await ctx(1280);
  const p = await c.newPage();
  await signIn(p, "owner@example.com");
  await p.goto(`${base}/admin/bookings`);
  await p.locator('form:has(input[name="start"]) input[name="date"]').fill(D);
  await p.locator('input[name="start"]').fill("10:00");
  await p.locator('input[name="end"]').fill("11:00");
  await p.getByRole("button", { name: "Block this time" }).click();
  await p.waitForTimeout(1500);
  await c.close();
} else {
  for (const width of [390, 1280]) {
    const c = await ctx(width);
    const p = await c.newPage();
    await p.goto(`${base}/contact`);
    await p.screenshot({ path: `/tmp/bp-shots2/contact-${width}.png`, fullPage: true });
    if (width === 1280) {
      await axe(p, "contact");
      console.log(await p.locator('script[type="application/ld+json"]').first().textContent());
    }
    await p.goto(`${base}/book/one-on-one?day=${D}`);
    await p.screenshot({ path: `/tmp/bp-shots2/full-day-visitor-${width}.png`, fullPage: true });
    await axe(p, `full day visitor ${width}`);
    await p.getByRole("button", { name: "Sign in to join the waiting list" }).click();
    await p.waitForURL(/\/auth/);
    await p.screenshot({ path: `/tmp/bp-shots2/sign-in-booking-${width}.png`, fullPage: true });
    await p.getByLabel("Email").fill("waiter@example.com");
    await p.getByLabel("Password", { exact: true }).fill("Sacred-Test-42");
    await p.getByRole("button", { name: "Sign In", exact: true }).click();
    await p.waitForURL(/\/book\//);
    await p.screenshot({ path: `/tmp/bp-shots2/full-day-client-${width}.png`, fullPage: true });
    await axe(p, `full day client ${width}`);
    const tell = p.getByRole("button", { name: "Tell me if a time frees up" });
    if (await tell.count()) await tell.click();
    await p.getByText("You are on the waiting list for this day").waitFor();
    await p.screenshot({ path: `/tmp/bp-shots2/full-day-waiting-${width}.png`, fullPage: true });
    await c.close();
  }
}
await browser.close();

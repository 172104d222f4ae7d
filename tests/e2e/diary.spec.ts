import { addDays, zonedDate } from "../../app/lib/zoned-time";
import {
  accessibilityViolations,
  bookingShot,
  createUser,
  dismissCookieBanner,
  expect,
  isPhone,
  openDay,
  signIn,
  test,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** Picks a client who phoned, a session, a date, and shows that day's free times (decision 045). */
async function chooseClientAndDay(page: import("@playwright/test").Page, email: string, date: string) {
  await page.goto(`/admin/bookings/new?date=${date}`);
  await expect(page.getByRole("heading", { name: "Book for a client", level: 1 })).toBeVisible();
  await page.getByLabel("Name or e-mail").fill(email.split("@")[0] as string);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByLabel(email).check();
  await page.getByRole("button", { name: "Show free times" }).click();
  await expect(page.getByText(/Free times on/)).toBeVisible();
}

test("the practitioner's diary: yesterday's session marked attended, a session booked for a client who phoned, the week at a glance", async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const phone = isPhone(page);
  const client = await createUser("phoned", { name: "Dora Diary" });
  await signIn(page, admin);

  // Yesterday's session, recorded afterwards (each width its own time: the two run side by side).
  const yesterday = addDays(zonedDate(new Date()), -1);
  const yesterdayTime = phone ? "12:00-13:00" : "07:00-08:00";
  await chooseClientAndDay(page, client.email, yesterday);
  await expect(page.getByText("A past day: this records a session that already happened.")).toBeVisible();
  await page.getByLabel(yesterdayTime).check();
  await page.getByLabel("Already paid to me").check();
  await page.getByRole("button", { name: "Record this session" }).click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${yesterday}`));
  const past = page.getByRole("listitem").filter({ hasText: client.email }).filter({ hasText: yesterdayTime });
  await expect(past).toContainText("£50.00 paid to you");
  await past.getByRole("button", { name: /^Attended/ }).click();
  // Marked once the diary has come back: every button live again, not mid-submission.
  await expect(past.getByRole("button", { name: /^Attended/ })).toHaveAttribute("aria-pressed", "true");
  await expect(past.getByRole("button", { name: /^No-show/ })).toBeEnabled();
  await expect(past).toContainText(" · Attended");
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "diary-day");

  // A session for a client who phoned, some weeks ahead, to pay at the session. The two widths' days
  // are a week apart: a day apart, both fell on the same Tuesday whenever the first was a Sunday.
  const day = openDay(phone ? 51 : 44);
  await chooseClientAndDay(page, client.email, day);
  await bookingShot(page, "diary-book-for-client");
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel("10:00-11:00").check();
  await page.getByRole("button", { name: "Book this session" }).click();
  const booked = page.getByRole("listitem").filter({ hasText: client.email }).filter({ hasText: "10:00-11:00" });
  await expect(booked).toContainText("£50.00 to pay");

  // Moved to the afternoon, then seen in the week.
  await booked.getByRole("link", { name: /^Move/ }).click();
  await expect(page.getByRole("heading", { name: "Move a session", level: 1 })).toBeVisible();
  await bookingShot(page, "diary-move");
  await page.getByLabel("15:00-16:00").check();
  await page.getByRole("button", { name: "Move the session" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: client.email })).toContainText("15:00-16:00");

  await page.getByRole("link", { name: "Week", exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  // The other width's test books the same week: its own session is the one on its own day.
  const chip = page.getByRole("link", { name: /15:00-16:00 Dora Diary/ }).and(page.locator(`[href*="date=${day}#"]`));
  await expect(chip).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "diary-week");
  await page.getByRole("link", { name: "Month", exact: true }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(page.getByRole("link", { name: "Month", exact: true })).toHaveAttribute("aria-current", "page");
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "diary-month");
});

test("a blocked time's long note wraps inside the diary, at either width", async ({ page, admin }, testInfo) => {
  await signIn(page, admin);
  // Far ahead, away from the days other tests book; each width its own day (a week apart, as above).
  const day = openDay(testInfo.project.name.includes("phone") ? 65 : 58);
  await page.goto(`/admin/bookings?view=week&date=${day}`);
  await page.locator('input[name="date"]').fill(day);
  await page.locator('input[name="start"]').fill("12:00");
  await page.locator('input[name="end"]').fill("13:00");
  // A link pasted whole: one unbroken word.
  await page.locator('input[name="note"]').fill(`https://meet.example.com/${"x".repeat(150)}`);
  await page.getByRole("button", { name: "Block this time" }).click();
  await expect(page.getByText("Time blocked").first()).toBeVisible();
  const width = page.viewportSize()?.width;
  for (const view of ["week", "day"]) {
    await page.goto(`/admin/bookings?view=${view}&date=${day}`);
    await expect(page.getByText(/meet\.example\.com/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), view).toBe(width);
  }
  await page
    .getByRole("button", { name: /^Remove/ })
    .first()
    .click();
  await expect(page.getByText(/meet\.example\.com/)).toHaveCount(0);
});

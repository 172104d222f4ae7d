import {
  accessibilityViolations,
  bookingShot,
  dismissCookieBanner,
  expect,
  isPhone,
  openDay,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("a client answers the health questions, then books; the practitioner reads them and adds a note", async ({
  page,
  browser,
  customer,
  admin,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, customer);
  await page.goto("/book/one-on-one");
  await expect(page.getByTestId("intake-needed")).toContainText(
    "Please answer the health questions before booking your session.",
  );
  await expect(page.getByRole("button", { name: "Continue to payment (£50.00)" })).toBeDisabled();
  // She chooses first (each project its own day), then takes the detour: nothing chosen is lost.
  await waitForHydration(page);
  const day = openDay(testInfo.project.name.includes("phone") ? 24 : 23);
  await page.locator(`a[data-date="${day}"]`).click();
  await expect(page.locator(`a[data-date="${day}"]`)).toHaveAttribute("aria-current", "date");
  const first = page.locator('label:has(input[name="start"])').first();
  const start = await first.locator("input").getAttribute("value");
  await first.click();
  await page.getByLabel("Distance (online)").check();
  await page.getByLabel("A note for the practitioner (optional)").fill("Evenings suit me better.");
  await page.getByRole("link", { name: "Answer the health questions" }).click();

  await expect(page.getByRole("heading", { name: "Health questions", level: 1 })).toBeVisible();
  // The consent box is its own, and starts unticked.
  const consent = page.getByLabel(/^I consent to my answers to these health questions/);
  await expect(consent).not.toBeChecked();
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "health-questions");
  // Saved empty, each question's message names it.
  await page.getByRole("button", { name: "Save my answers" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Please check these answers:" }).getByRole("listitem");
  await expect(summary.first()).toHaveText(
    "Please answer this question: What would you like to gain from your sessions?",
  );
  await page.getByLabel("What would you like to gain from your sessions?").fill("Better sleep and less worry.");
  await page
    .getByRole("group", { name: /^Are you pregnant/ })
    .getByLabel("No", { exact: true })
    .check();
  await page
    .getByRole("group", { name: /^Do you have a pacemaker/ })
    .getByLabel("Yes", { exact: true })
    .check();
  await page
    .getByRole("group", { name: /^Do you have epilepsy/ })
    .getByLabel("No", { exact: true })
    .check();
  await page.getByLabel("Are you taking any medication? If so, which?").fill("Levothyroxine, 50 micrograms");
  await page
    .getByRole("group", { name: /^How would you prefer to receive Reiki/ })
    .getByLabel("Distance healing")
    .check();
  // Without consent nothing is stored, and she is told why.
  await page.getByRole("button", { name: "Save my answers" }).click();
  await expect(page.getByText("Please tick the box to consent").first()).toBeVisible();
  // The answers given since are no longer in the summary: the consent alone is.
  await expect(summary).toHaveCount(1);
  await consent.check();
  await page.getByRole("button", { name: "Save my answers" }).click();

  // Back on the booking page with the day, time, place and note as she left them.
  await expect(page.getByRole("heading", { name: "Book: One-on-One Session" })).toBeVisible();
  await expect(page.getByTestId("intake-needed")).toHaveCount(0);
  await expect(page.locator(`a[data-date="${day}"]`)).toHaveAttribute("aria-current", "date");
  await expect(page.locator(`input[name="start"][value="${start}"]`)).toBeChecked();
  await expect(page.getByLabel("Distance (online)")).toBeChecked();
  await expect(page.getByLabel("A note for the practitioner (optional)")).toHaveValue("Evenings suit me better.");
  await bookingShot(page, "booking-after-health-questions");
  await page.getByRole("button", { name: "Continue to payment (£50.00)" }).click();
  await page.getByRole("button", { name: "Pay £50.00" }).click();
  await expect(page.getByTestId("session-status")).toHaveText("Booked");
  await expect(page.getByText("Evenings suit me better.")).toBeVisible();
  await bookingShot(page, "my-session-paid");

  // The practitioner, in her own browser.
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const practitioner = await context.newPage();
  await dismissCookieBanner(practitioner);
  await signIn(practitioner, admin);
  await practitioner.goto("/admin/clients");
  await practitioner.getByLabel("Search by name or e-mail").fill(customer.email);
  await practitioner.getByRole("button", { name: "Search" }).click();
  await expect(practitioner.getByText(/^1 client matches/)).toBeVisible();
  const row = practitioner.getByRole("link", { name: new RegExp(customer.email) });
  await expect(row).toContainText("Intake answered");
  expect(await accessibilityViolations(practitioner)).toEqual([]);
  await bookingShot(practitioner, "admin-clients");
  await row.click();

  const intake = practitioner.getByRole("region", { name: "Intake answers and consent" });
  await expect(intake).toContainText("Levothyroxine, 50 micrograms");
  await expect(intake).toContainText("Do you have a pacemaker or another implanted electronic device?");
  await expect(intake).toContainText("Health data consent: given");
  await expect(practitioner.getByRole("region", { name: "Sessions" })).toContainText("One-on-One Session");
  await waitForHydration(practitioner);
  await practitioner.getByLabel("New note").fill("Distance session; mentioned the thyroid. Check in next week.");
  await practitioner.getByRole("button", { name: "Add note" }).click();
  await expect(practitioner.getByText("Note added").first()).toBeVisible();
  const notes = practitioner.getByRole("list", { name: "Notes" });
  await expect(notes).toContainText("Distance session; mentioned the thyroid. Check in next week.");
  const log = practitioner.getByRole("list", { name: "Access log" });
  await expect(log).toContainText("Wrote private notes by Ada Admin");
  await expect(log).toContainText("Read intake answers by Ada Admin");
  await expect(log).toContainText("Wrote intake answers by Test Customer");
  expect(await accessibilityViolations(practitioner)).toEqual([]);
  await bookingShot(practitioner, "admin-client");

  // The form she edits (looked at, not changed: other tests' clients answer it at the same time).
  await practitioner.goto("/admin/intake-form");
  await expect(practitioner.getByRole("list", { name: "Questions" }).getByRole("listitem")).toHaveCount(8);
  expect(await accessibilityViolations(practitioner)).toEqual([]);
  await bookingShot(practitioner, "admin-intake-form");
  await context.close();
});

test("a booking draft kept for the health questions is forgotten when she signs out", async ({ page, customer }) => {
  await signIn(page, customer);
  await page.goto("/book/one-on-one");
  await waitForHydration(page);
  await page.getByLabel("A note for the practitioner (optional)").fill("Private: a note about my back.");
  await page.getByRole("link", { name: "Answer the health questions" }).click();
  await expect(page.getByRole("heading", { name: "Health questions", level: 1 })).toBeVisible();
  const drafts = () =>
    page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("booking-draft:")).length);
  expect(await drafts()).toBe(1);

  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL("/auth");
  // The note is not left in the tab for whoever uses this browser next.
  await expect.poll(drafts).toBe(0);
});

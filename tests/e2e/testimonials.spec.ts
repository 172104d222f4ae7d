import { addDays, weekdayOf } from "~/lib/zoned-time";
import {
  accessibilityViolations,
  answerHealthQuestions,
  bookingShot,
  createUser,
  dismissCookieBanner,
  expect,
  openDay,
  signIn,
  test,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("a client who attended a Reiki session leaves a testimonial; the owner approves it and it shows on /reiki", async ({
  page,
  browser,
}, testInfo) => {
  // Two people, a booking and three accessibility scans: more than the default 30 s.
  test.setTimeout(120_000);
  const phone = testInfo.project.name.includes("phone");
  const words = `Such a peaceful hour, I left feeling lighter and calm (${phone ? "phone" : "desktop"} ${Date.now()}).`;
  const client = await createUser("reviewer", { name: "Amelia Stone" });
  await signIn(page, client);

  // Before any session: she is told who can write one.
  await page.goto("/testimonials/new");
  await expect(page.getByText("Only clients who have bought from the shop or attended a session")).toBeVisible();

  // She books a Reiki session (days apart from the other browser tests' bookings).
  let day = openDay(phone ? 12 : 11);
  if (phone) while (![2, 3, 4, 5, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  await page.goto("/book/one-on-one");
  await answerHealthQuestions(page);
  await page.locator(`a[data-date="${day}"]`).click();
  await expect(page.locator(`a[data-date="${day}"]`)).toHaveAttribute("aria-current", "date");
  await page
    .locator("label")
    .filter({ has: page.getByRole("radio") })
    .first()
    .click();
  await page.getByLabel(/I ask for my session to take place within the 14-day cancellation period/).check();
  await page.getByRole("button", { name: "Continue to payment (£50.00)" }).click();
  await page.getByRole("button", { name: "Pay £50.00" }).click();
  await expect(page.getByTestId("session-status")).toHaveText("Booked");
  const bookingId = page.url().split("/").pop() as string;

  // The session takes place: the practitioner marks it attended. Her diary offers the button once a
  // session has started; this test cannot wait for the day, so it sends what that button sends.
  const owner = await createUser("testimonial-owner", { admin: true, name: "Elena Rose" });
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await ownerContext.newPage();
  await dismissCookieBanner(admin);
  await signIn(admin, owner);
  const marked = await admin.request.post("/admin/bookings", {
    form: { intent: "attended", id: bookingId },
    headers: { origin: new URL(admin.url()).origin },
    maxRedirects: 0,
  });
  expect(marked.status()).toBe(302);

  // Now she may write one about Reiki.
  await page.goto("/testimonials/new");
  await expect(page.getByRole("heading", { name: "Leave a Testimonial", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Reiki")).toBeChecked();
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "testimonial-form");
  await page.getByLabel("Your testimonial").fill(words);
  await page
    .getByLabel("This is my own honest experience, and it may be published with my first name and the date.")
    .check();
  await page.getByRole("button", { name: "Send Testimonial" }).click();
  await expect(page.getByText("Your last testimonial is still waiting to be read.")).toBeVisible();

  // Not shown until approved.
  await page.goto("/reiki");
  await expect(page.getByText(words)).toHaveCount(0);

  // The owner reads it and approves it; the log says who wrote it and who approved it.
  await admin.goto("/admin/testimonials");
  const entry = admin.getByRole("listitem").filter({ hasText: words });
  await expect(entry.getByText("Waiting")).toBeVisible();
  expect(await accessibilityViolations(admin)).toEqual([]);
  await bookingShot(admin, "admin-testimonials");
  await entry.getByRole("button", { name: "Approve" }).click();
  await expect(entry.getByText("Approved", { exact: true })).toBeVisible();
  await expect(entry.getByText(/Approved by Elena Rose/)).toBeVisible();
  await expect(entry.getByText(/Written by Amelia Stone/)).toBeVisible();
  await ownerContext.close();

  // It shows on /reiki with her first name and the date, and nothing more of her.
  await page.goto("/reiki");
  const shown = page.locator("#testimonials li").filter({ hasText: words });
  await expect(shown).toBeVisible();
  await expect(shown.getByText("Amelia", { exact: true })).toBeVisible();
  await expect(shown.locator("time")).toBeVisible();
  await expect(page.getByText("Stone")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "How we handle reviews" })).toHaveAttribute("href", "/review-policy");
  await shown.scrollIntoViewIfNeeded();
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "reiki-testimonials");
});

import { addDays, zonedDate } from "~/lib/zoned-time";
import {
  accessibilityViolations,
  bookingShot,
  createUser,
  dismissCookieBanner,
  expect,
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

  // She had a Reiki session yesterday, which the practitioner arranged with her and recorded in her
  // diary (decision 045): a session that has ended and that she did not miss is one she attended.
  // Each width its own time, apart from the diary test's.
  const owner = await createUser("testimonial-owner", { admin: true, name: "Elena Rose" });
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await ownerContext.newPage();
  await dismissCookieBanner(admin);
  await signIn(admin, owner);
  const yesterday = addDays(zonedDate(new Date()), -1);
  await admin.goto(`/admin/bookings/new?date=${yesterday}`);
  await admin.getByLabel("Name or e-mail").fill(client.email.split("@")[0] as string);
  await admin.getByRole("button", { name: "Find" }).click();
  await admin.getByLabel(client.email).check();
  await admin.getByRole("button", { name: "Show free times" }).click();
  await admin.getByLabel(phone ? "16:00-17:00" : "14:00-15:00").check();
  await admin.getByLabel("Already paid to me").check();
  await admin.getByRole("button", { name: "Record this session" }).click();
  await expect(admin).toHaveURL(new RegExp(`view=day&date=${yesterday}`));

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
  // Should she need to, she can take it off the site again.
  await expect(entry.getByRole("button", { name: "Withdraw from the site: Amelia's testimonial" })).toBeVisible();
  await bookingShot(admin, "admin-testimonials-approved");
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

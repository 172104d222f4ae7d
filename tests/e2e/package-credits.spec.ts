import { formatLongDate } from "~/lib/format-date";
import { addDays, describeInstant, zonedInstant } from "~/lib/zoned-time";
import {
  accessibilityViolations,
  answerHealthQuestions,
  bookingShot,
  createUser,
  dismissCookieBanner,
  expect,
  openDay,
  test,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const shot = bookingShot;

test("a client's package: a session cancelled in time comes back to book again, and ending the package refunds what is unbooked", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const client = await createUser("package");
  await page.goto("/auth?redirectTo=/book/healing-journey");
  await page.getByLabel("Email").fill(client.email);
  await page.getByLabel("Password", { exact: true }).fill(client.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Book: Healing Journey" })).toBeVisible();
  await answerHealthQuestions(page);
  // The package's terms, before she pays.
  await expect(page.getByTestId("cancellation-policy")).toContainText("goes back on your package to book again");

  // Each project its own day, the day's last time: apart from the other booking tests.
  const day = openDay(testInfo.project.name.includes("phone") ? 17 : 16);
  await page.locator(`a[data-date="${day}"]`).click();
  await expect(page.locator(`a[data-date="${day}"]`)).toHaveAttribute("aria-current", "date");
  // The time's box (the radio under it is hidden): what a person taps.
  await page
    .getByRole("group", { name: /^Free times/ })
    .getByRole("radio")
    .last()
    .locator("..")
    .click();
  await shot(page, "book-package");
  await page.getByRole("button", { name: "Continue to payment (£80.00)" }).click();
  await page.getByRole("button", { name: "Pay £80.00" }).click();
  await expect(page.getByTestId("session-status")).toHaveText("Booked");

  // In good time: the session goes back on the package, and no money moves.
  await expect(page.getByTestId("cancel-terms")).toHaveText(
    "Cancelling now returns this session to your package, to book again before it expires. No money moves.",
  );
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, "my-session-package");
  await page.getByRole("button", { name: "Cancel and return the session to my package" }).click();
  await expect(page.getByText("The session is back on your package to book again.")).toBeVisible();
  const pack = page.getByRole("listitem").filter({ hasText: "Healing Journey" }).filter({ hasText: "sessions left" });
  // Its last day is 31 days after the first session, as the Refund Policy says (not the day after).
  const lastDay = zonedInstant(addDays(day, 31), "12:00");
  await expect(pack).toContainText(`2 of 2 sessions left, to be taken by ${formatLongDate(lastDay)}`);
  // Its booking page says the same last day.
  await pack.getByRole("link", { name: /^Book a session/ }).click();
  await expect(page.getByTestId("package-ends")).toHaveText(
    `Your package's sessions must start by the end of ${describeInstant(lastDay).day}.`,
  );
  await page.goBack();

  // Ended: both unbooked sessions refunded in full, once.
  await pack.getByText("End this package").click();
  await expect(pack.getByText("Your 2 unbooked sessions are refunded in full: £80.00.")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, "my-sessions-end-package");
  await pack.getByRole("button", { name: "End package and refund £80.00" }).click();
  await expect(page.getByText("2 unbooked sessions: £80.00 is being refunded to your card.")).toBeVisible();
  await expect(pack).toContainText("No sessions left: 2 sessions refunded");
  await shot(page, "my-sessions-package-ended");

  // My Sacred Downloads lists downloadable things only: no session order, no dead Download button.
  await page.goto("/my-purchases");
  await expect(page.getByRole("heading", { name: "My Sacred Downloads", level: 1 })).toBeVisible();
  await expect(page.getByText("Product no longer available")).toHaveCount(0);
  await expect(page.getByText("Healing Journey")).toHaveCount(0);
});

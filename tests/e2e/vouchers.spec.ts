import { readFileSync } from "node:fs";
import { addDays, weekdayOf } from "~/lib/zoned-time";
import { readOutbox } from "../support/outbox";
import {
  accessibilityViolations,
  answerHealthQuestions,
  bookingShot,
  createUser,
  dataDir,
  dismissCookieBanner,
  expect,
  openDay,
  test,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("a visitor buys a gift voucher for a friend, who books a One-on-One with it and pays the difference", async ({
  page,
  browser,
}, testInfo) => {
  // Two people, a payment each, and the accessibility scans of four new pages.
  test.setTimeout(120_000);
  const giver = await createUser("giver");
  const friend = await createUser("friend", { name: "Bea Friend" });

  await page.goto("/");
  // The home page's closing band (a phone's menu is folded away, the footer far below).
  await page.getByRole("link", { name: "Gift Vouchers" }).filter({ visible: true }).first().click();
  await expect(page.getByRole("heading", { name: "Give the Gift of Healing" })).toBeVisible();
  await expect(page.getByTestId("voucher-expiry")).toContainText("Valid until");
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "gift-vouchers");
  await page.getByRole("link", { name: "Sign in to buy" }).click();
  await page.getByLabel("Email").fill(giver.email);
  await page.getByLabel("Password", { exact: true }).fill(giver.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Give the Gift of Healing" })).toBeVisible();

  // Sent with the names left empty: each field says what it needs, and the first one to correct has
  // the focus, in view (the form is long; the button is at its foot).
  await page.getByLabel("Amount in pounds").fill("30");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please enter the name of the person it is for.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toBeFocused();
  await expect(page.getByLabel("Your name")).toBeInViewport();
  await page.getByLabel("Your name").fill("Ann Giver");
  await page.getByLabel("Their name").fill("Bea");
  await page.getByLabel("Their e-mail address").fill(friend.email);
  await page.getByLabel("Your message (optional)").fill("Happy birthday, treat yourself.");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Demo mode: no real payment is taken")).toBeVisible();
  await page.getByRole("button", { name: "Pay £30.00" }).click();

  await expect(page.getByRole("heading", { name: "Thank You for Your Gift" })).toBeVisible();
  const code = (await page.getByTestId("voucher-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await bookingShot(page, "voucher-bought");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the voucher (PDF)" }).click();
  const pdf = readFileSync((await (await download).path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // The friend's e-mail carries the code.
  await expect
    .poll(() => readOutbox(dataDir).filter((m) => m.to === friend.email && m.text.includes(code)).length)
    .toBe(1);

  // The friend checks the balance without signing in, then books with it.
  const friendContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await friendContext.newPage();
  await dismissCookieBanner(other);
  await other.goto("/gift-vouchers/balance");
  await other.getByLabel("Voucher code").fill(code.toLowerCase());
  await other.getByRole("button", { name: "Check balance" }).click();
  await expect(other.getByTestId("voucher-balance")).toHaveText("£30.00");
  expect(await accessibilityViolations(other)).toEqual([]);
  await bookingShot(other, "voucher-balance");

  await other.goto("/auth?redirectTo=%2Fbook%2Fone-on-one");
  await other.getByLabel("Email").fill(friend.email);
  await other.getByLabel("Password", { exact: true }).fill(friend.password);
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other.getByRole("heading", { name: "Book: One-on-One Session" })).toBeVisible();

  // In the shop the code is named for what it is, and a voucher that pays it all leaves nothing to
  // pay (looked at, not spent: a preview holds nothing).
  await other.goto("/products");
  await other.getByRole("button", { name: "Add to cart: Moon Ritual Journal" }).click();
  await other.getByRole("button", { name: /^Cart, 1 item/ }).click();
  const cart = other.getByRole("dialog", { name: "Your Cart" });
  await cart.getByLabel("Discount code or gift voucher").fill(code);
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByText(`Gift voucher (${code})`)).toBeVisible();
  await expect(cart.getByTestId("discount-applied")).toHaveText(new RegExp(`^Gift voucher ${code} applied`));
  await expect(cart.getByTestId("cart-total")).toHaveText("£0.00");
  await bookingShot(other, "cart-voucher");
  await cart.getByRole("button", { name: "Checkout" }).click();
  const dialog = other.getByRole("dialog", { name: "Complete Your Purchase" });
  await expect(dialog.getByText(`Gift voucher (${code})`)).toBeVisible();
  await expect(dialog.getByTestId("dialog-total")).toHaveText("£0.00");
  await expect(dialog.getByRole("button", { name: "Place order" })).toBeVisible();
  await bookingShot(other, "dialog-voucher");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // A first booking asks the health questions (decision 046).
  await other.goto("/book/one-on-one");
  await answerHealthQuestions(other);
  // Days of its own, past the 14-day cancellation period (the booking tests take days before it,
  // the package test the week before): the phone the open day after the desktop's.
  let day = openDay(18);
  if (testInfo.project.name.includes("phone")) {
    do day = addDays(day, 1);
    while (![2, 3, 4, 5, 6].includes(weekdayOf(day)));
  }
  await other.locator(`a[data-date="${day}"]`).click();
  await expect(other.locator(`a[data-date="${day}"]`)).toHaveAttribute("aria-current", "date");
  // The day's second time (its radio is hidden behind its label, as a person sees it).
  await other.locator('label:has(input[name="start"])').nth(1).click();
  await other.getByLabel("Gift voucher or discount code (optional)").fill(code);
  await other.getByRole("button", { name: "Continue to payment (£50.00)" }).click();
  await expect(other.getByTestId("demo-voucher")).toHaveText("−£30.00");
  await expect(other.getByTestId("demo-total")).toHaveText("£20.00");
  await bookingShot(other, "voucher-demo-checkout");
  await other.getByRole("button", { name: "Pay £20.00" }).click();
  await expect(other.getByTestId("session-status")).toHaveText("Booked");

  await other.goto("/gift-vouchers/balance");
  await other.getByLabel("Voucher code").fill(code);
  await other.getByRole("button", { name: "Check balance" }).click();
  await expect(other.getByRole("heading", { name: "Fully spent" })).toBeVisible();

  // Cancelled in good time: the voucher's £30 goes back to it and the £20 to the card, as she is told.
  await other.goto("/my-sessions");
  await other.getByRole("link", { name: /^Cancel or reschedule\s?: One-on-One Session/ }).click();
  // Told before she cancels where the money goes, not only after.
  await expect(other.getByTestId("cancel-terms")).toHaveText(
    "Cancelling now refunds in full: £50.00 (£30.00 to your gift voucher, £20.00 to your card).",
  );
  await bookingShot(other, "voucher-cancel-terms");
  await other.getByRole("button", { name: "Cancel my session and refund £50.00" }).click();
  await expect(
    other.getByText("£50.00 (100%) is being refunded: £30.00 to your gift voucher, £20.00 to your card."),
  ).toBeVisible();
  // My Sessions, where she lands, says it again.
  await expect(
    other.getByText("Cancelled, £50.00 refunded (£30.00 to your gift voucher, £20.00 to your card)"),
  ).toBeVisible();
  await bookingShot(other, "voucher-session-cancelled");
  await friendContext.close();
});

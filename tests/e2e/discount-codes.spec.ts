import { randomBytes } from "node:crypto";
import path from "node:path";
import { readOutbox } from "../support/outbox";
import {
  accessibilityViolations,
  createUser,
  dataDir,
  dismissCookieBanner,
  expect,
  isPhone,
  payInDialogAndDemo,
  signIn,
  test,
} from "./fixtures";

/**
 * Issue 14 item 7: the owner makes a code; a customer applies it in the cart, sees it carried into the
 * purchase dialog (and enters it there again), pays the discounted price on the demo page, and gets a
 * receipt that shows it.
 */
const shots = process.env.SCREENSHOT_DIR || path.join("test-results", "screenshots");

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("a customer applies the owner's code in the cart and the dialog, pays the discounted price, and the receipt shows it", async ({
  page,
  browser,
  customer,
}) => {
  test.setTimeout(120_000);
  const width = isPhone(page) ? 390 : 1280;
  const code = `CALM-${randomBytes(3).toString("hex").toUpperCase()}`;

  // The owner, in her own browser, makes a 25% code with a use limit.
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? { width, height: 900 } });
  const owner = await ownerContext.newPage();
  await dismissCookieBanner(owner);
  await signIn(owner, await createUser("owner", { admin: true, name: "Olive Owner" }));
  await owner.goto("/admin/discounts");
  const form = owner.getByRole("form", { name: "New discount code" });
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("Percentage off").fill("25");
  await form.getByLabel("Use limit").fill("3");
  await form.getByRole("button", { name: "Create Code" }).click();
  await expect(owner.getByText("Discount code created.")).toBeVisible();
  const listed = owner.getByRole("list", { name: "Discount codes" }).getByRole("listitem").filter({ hasText: code });
  await expect(listed).toContainText("25% off");
  await expect(listed.getByTestId("discount-uses")).toContainText("0 of 3 uses");
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.screenshot({ path: path.join(shots, `discount-admin-${width}.png`), fullPage: true });

  // The customer: a wrong code is refused with its reason; the owner's code takes 25% off in the cart.
  await signIn(page, customer);
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to cart: Moon Ritual Journal" }).click();
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  await cart.getByLabel("Discount code").fill("NOT-A-CODE");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("alert")).toHaveText(
    "That discount code was not found. Check the spelling and try again.",
  );
  await cart.getByLabel("Discount code").fill(code.toLowerCase());
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByTestId("discount-applied")).toContainText(code);
  await expect(cart.getByTestId("cart-discount")).toHaveText("−£2.00");
  // Named for what it is: a discount (a gift voucher's code is named as one).
  await expect(cart.getByText(`Discount (${code})`)).toBeVisible();
  await expect(cart.getByTestId("cart-total")).toHaveText("£5.99");
  await page.screenshot({ path: path.join(shots, `discount-cart-${width}.png`) });

  // Checkout: the dialog carries the code; removed and typed again there, it applies the same.
  await cart.getByRole("button", { name: "Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await expect(dialog.getByTestId("discount-applied")).toContainText(code);
  await dialog.getByRole("button", { name: /^Remove code/ }).click();
  await expect(dialog.getByRole("button", { name: "Pay £7.99" })).toBeVisible();
  await dialog.getByLabel("Discount code").fill(code);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("dialog-total")).toHaveText("£5.99");
  await expect(dialog.getByText(`Discount (${code})`)).toBeVisible();
  await dialog.getByLabel(/I want immediate access to this digital content/).check();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(shots, `discount-dialog-${width}.png`) });
  await dialog.getByLabel(/I want immediate access to this digital content/).uncheck();
  await payInDialogAndDemo(page, "Pay £5.99", "£5.99");

  // The receipt: the item at its price, the code and what it took off, the discounted total.
  const receipts = () => readOutbox(dataDir).filter((m) => m.to === customer.email && /receipt/.test(m.subject));
  await expect.poll(() => receipts().length).toBe(1);
  const receipt = receipts()[0]?.text ?? "";
  expect(receipt).toMatch(/Moon Ritual Journal +£7\.99/);
  expect(receipt).toMatch(new RegExp(`Discount \\(${code}\\) +-£2\\.00`));
  expect(receipt).toMatch(/Total +£5\.99/);

  await owner.reload();
  await expect(listed.getByTestId("discount-uses")).toContainText("1 of 3 uses");
  await ownerContext.close();
});

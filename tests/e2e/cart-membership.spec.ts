import path from "node:path";
import { dismissCookieBanner, expect, payInDialogAndDemo, signIn, test } from "./fixtures";

/** Issue 14, items 4 and 6: the cart drawer's lines and toasts, and cancelling and resuming a membership. */

const shots = process.env.SCREENSHOT_DIR || path.join("test-results", "screenshots");

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the cart drawer shows each line's cover, linked title, type and price; toasts keep clear; Clear cart empties it", async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to cart: Chakra Balance Guide" }).click();
  await page.getByRole("button", { name: "Add to cart: Reiki Self-Healing Course" }).click();
  await page.getByRole("button", { name: /^Cart, 2 items/ }).click();
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  const lines = cart.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const guide = lines.filter({ hasText: "Chakra Balance Guide" });
  await expect(guide.getByRole("link", { name: "Chakra Balance Guide" })).toHaveAttribute(
    "href",
    "/product/chakra-balance-guide",
  );
  await expect(guide.getByTestId("cart-line-type")).toHaveText("PDF Guide");
  await expect(guide).toContainText("£12.99");
  const thumb = guide.locator("img");
  await expect(thumb).toHaveAttribute("width", "80");
  await expect(thumb).toHaveAttribute("height", "42");
  await expect(thumb).toHaveJSProperty("complete", true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(lines.filter({ hasText: "Reiki Self-Healing Course" }).getByTestId("cart-line-type")).toHaveText(
    "Video + PDF",
  );

  // An 'Added to Cart' toast is taken away when the cart opens (on a phone it covered the first line).
  await cart.getByRole("button", { name: "Close cart" }).click();
  await expect(cart).toBeHidden();
  await page.getByRole("button", { name: "Add to cart: Moon Ritual Journal" }).click();
  await page.getByRole("button", { name: /^Cart, 3 items/ }).click();
  await expect(cart.getByTestId("cart-total")).toHaveText("£70.97");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Added to Cart" })).toHaveCount(0, {
    timeout: 2000,
  });

  // A message that matters (an error) stays, and covers neither the total nor Checkout: asked for
  // on a product page, signed out (Login Required), with the cart opened at once on the sign-in page.
  await cart.getByRole("button", { name: "Close cart" }).click();
  await page.context().clearCookies();
  await page.goto("/product/chakra-balance-guide");
  await page.getByRole("button", { name: "Login to Purchase - £12.99" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.getByRole("button", { name: /^Cart, 3 items/ }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Please log in to purchase this product." });
  await expect(toast).toBeVisible();
  await expect(cart.getByTestId("cart-total")).toHaveText("£70.97");
  // The toast's move animation has finished.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const toastBox = await toast.boundingBox();
  const checkoutBox = await cart.getByRole("button", { name: "Checkout" }).boundingBox();
  const totalBox = await cart.getByTestId("cart-total").boundingBox();
  expect(toastBox && checkoutBox && totalBox).toBeTruthy();
  expect(overlaps(toastBox as Box, checkoutBox as Box)).toBe(false);
  expect(overlaps(toastBox as Box, totalBox as Box)).toBe(false);
  // Nor the drawer's heading and Close button, which a top toast covered on a phone.
  for (const part of [
    cart.getByRole("heading", { name: "Your Cart" }),
    cart.getByRole("button", { name: "Close cart" }),
  ]) {
    const box = await part.boundingBox();
    expect(box).toBeTruthy();
    expect(overlaps(toastBox as Box, box as Box)).toBe(false);
  }
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: path.join(shots, `cart-drawer-toast-${width}.png`) });

  await cart.getByRole("button", { name: "Clear cart" }).click();
  await expect(cart.getByText("Your cart is empty.")).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("cart"))).toBe("[]");
  await cart.getByRole("button", { name: "Close cart" }).click();
  await expect(page.getByRole("button", { name: /^Cart, 0 items/ })).toBeVisible();
});

test("an old stored cart line without cover or type is shown with them once the drawer refreshes it", async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto("/products");
  await page.evaluate(() =>
    window.localStorage.setItem(
      "cart",
      JSON.stringify([{ id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799, quantity: 1 }]),
    ),
  );
  await page.reload();
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  const line = page.getByRole("dialog", { name: "Your Cart" }).getByTestId("cart-line");
  await expect(line.getByTestId("cart-line-type")).toHaveText("PDF Guide");
  await expect(line.locator("img")).toHaveAttribute("src", /\/media\//);
});

test("a demo member is asked before cancelling, told until when access lasts, and can resume", async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto("/product/subscription");
  await page.getByRole("button", { name: "Subscribe for £9.99" }).click();
  await payInDialogAndDemo(page, "Subscribe for £9.99", "£9.99");
  // On a course, the member is told the plan covers guides, not courses.
  await page.goto("/product/reiki-self-healing-course");
  await expect(page.getByTestId("membership-course-note")).toHaveText(
    "Your Digital Access membership covers the digital guides, not courses.",
  );
  await page.goto("/my-purchases");
  const status = page.getByTestId("membership-status");
  await expect(status).toContainText("renews on");
  const endDate = ((await status.textContent()) ?? "").match(/renews on (\d{1,2} [A-Z][a-z]+ \d{4})/)?.[1];
  expect(endDate).toBeTruthy();

  await page.getByRole("button", { name: "Manage membership: cancel at period end" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel your membership?" });
  await expect(confirm).toContainText(`Your Digital Access continues until ${endDate}`);
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: path.join(shots, `membership-cancel-confirm-${width}.png`) });
  // Keeping it changes nothing.
  await confirm.getByRole("button", { name: "Keep membership" }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toContainText("renews on");

  await page.getByRole("button", { name: "Manage membership: cancel at period end" }).click();
  await confirm.getByRole("button", { name: "Cancel membership" }).click();
  await expect(page.getByText(`Your Digital Access continues until ${endDate}.`)).toBeVisible();
  await expect(status).toHaveText(`Active until ${endDate}; it will not renew.`);

  await page.getByRole("button", { name: "Resume membership" }).click();
  await expect(page.getByText(`Your Digital Access renews on ${endDate}.`)).toBeVisible();
  await expect(status).toContainText(`renews on ${endDate}`);
  await expect(page.getByRole("button", { name: "Manage membership: cancel at period end" })).toBeVisible();
});

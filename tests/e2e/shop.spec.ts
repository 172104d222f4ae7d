import { latestLink } from "../support/outbox";
import {
  accessibilityViolations,
  bookingShot,
  createUser,
  dataDir,
  dismissCookieBanner,
  downloadBytes,
  expect,
  PASSWORD,
  payInDialogAndDemo,
  signIn,
  storedFile,
  test,
  uniqueEmail,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("a visitor signs up, buys two guides from the cart on the demo page and downloads them", async ({ page }) => {
  const email = uniqueEmail("buyer");
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full name").fill("Willow Buyer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  // The answer ties the sign-up to this browser; following the link before it arrives is another device's.
  await expect(page.getByText(`We've sent a confirmation link to ${email}`)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => latestLink(dataDir, email, /verify-email/)).toBeTruthy();
  await page.goto(latestLink(dataDir, email, /verify-email/) as string);
  if (
    !(await page
      .getByText(/Welcome, /)
      .first()
      .isVisible())
  )
    await signIn(page, { email, password: PASSWORD });

  await page.goto("/products");
  await page.getByRole("button", { name: "Add to cart: Chakra Balance Guide" }).click();
  await expect(page.getByText("Chakra Balance Guide has been added to your cart.")).toBeVisible();
  await page.getByRole("button", { name: "Add to cart: Moon Ritual Journal" }).click();
  // Adding the same guide again raises its quantity, but a digital product is charged once.
  await page.getByRole("button", { name: "Add to cart: Moon Ritual Journal" }).click();
  await page.getByRole("button", { name: /^Cart, 2 items/ }).click();
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  await expect(cart.getByText("Chakra Balance Guide")).toBeVisible();
  // Opening the cart takes the 'Added to Cart' toasts away (on a phone they covered its first line),
  // well before they would close by themselves, 4.5 s after the last one.
  await expect(page.getByText(/has been added to your cart\.$/)).toHaveCount(0, { timeout: 2000 });
  await expect(cart.getByTestId("cart-total")).toHaveText("£20.98");
  await cart.getByRole("button", { name: "Checkout" }).click();
  await payInDialogAndDemo(page, "Pay £20.98", "£20.98");

  await page.getByRole("link", { name: "Go to My Sacred Downloads" }).click();
  await expect(page.getByRole("heading", { name: "My Sacred Downloads" })).toBeVisible();
  await expect(page.getByText("Total: £20.98")).toBeVisible();
  await expect(page.getByText(/Order #[0-9a-f]{8}$/)).toBeVisible();
  const chakra = await downloadBytes(page, () =>
    page.getByRole("button", { name: "Download Chakra Balance Guide" }).click(),
  );
  expect(chakra.equals(storedFile("pdfs/seed-chakra-balance-guide.pdf"))).toBe(true);
  await expect(page.getByText("Downloading Chakra Balance Guide")).toBeVisible();
  const moon = await downloadBytes(page, () =>
    page.getByRole("button", { name: "Download Moon Ritual Journal" }).click(),
  );
  expect(moon.equals(storedFile("pdfs/seed-moon-ritual-journal.pdf"))).toBe(true);
  // The cart no longer holds what was bought, and the library offers it to download, not to add again.
  await expect(page.getByRole("button", { name: /^Cart, 0 items/ })).toBeVisible();
  await page.goto("/products");
  const bought = page.getByRole("article", { name: "Chakra Balance Guide" });
  await expect(bought.getByRole("button", { name: "Purchased - Download Available" })).toBeVisible();
  await expect(bought.getByRole("button", { name: /^Add to cart/ })).toHaveCount(0);
});

test("a signed-in customer claims a free guide and finds it in My Sacred Downloads", async ({ page }) => {
  const user = await createUser("free");
  await signIn(page, user);
  await page.goto("/product/grounding-basics");
  const bytes = await downloadBytes(page, () => page.getByRole("button", { name: "Download Free" }).click());
  expect(bytes.equals(storedFile("pdfs/seed-grounding-basics.pdf"))).toBe(true);
  await expect(page.getByText("Your download has started. Thank you!")).toBeVisible();
  // A cart that still holds the guide from before: My Sacred Downloads, opened afresh, takes it out
  // as the page comes alive (the restore of the stored cart once came after, and put it back).
  const line = (id: string, title: string) => ({ id, title, price_cents: 0, product_type: "pdf", quantity: 1 });
  await page.evaluate(
    (cart) => localStorage.setItem("cart", JSON.stringify(cart)),
    [
      line("grounding-basics", "Grounding Basics"),
      { ...line("moon-ritual-journal", "Moon Ritual Journal"), price_cents: 799 },
    ],
  );
  await page.goto("/my-purchases");
  await expect(page.getByText("Grounding Basics")).toBeVisible();
  await expect(page.getByText("Total: £0.00")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Cart, 1 item/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").map((l: { id: string }) => l.id)))
    .toEqual(["moon-ritual-journal"]);
});

test("a member downloads a paid guide free", async ({ page }) => {
  const user = await createUser("member");
  await signIn(page, user);
  await page.goto("/product/subscription");
  await page.getByRole("button", { name: "Subscribe for £9.99" }).click();
  await expect(page.getByRole("dialog", { name: "Subscribe to Digital Access" })).toBeVisible();
  await payInDialogAndDemo(page, "Subscribe for £9.99", "£9.99");
  await page.goto("/product/sacred-sleep-guide");
  const bytes = await downloadBytes(page, () =>
    page.getByRole("button", { name: "Member Benefits - Free Download" }).click(),
  );
  expect(bytes.equals(storedFile("pdfs/seed-sacred-sleep-guide.pdf"))).toBe(true);
  // On a course a member sees the ordinary buy panel.
  await page.goto("/product/reiki-self-healing-course");
  await expect(page.getByRole("button", { name: "Download Now and Begin Your Inner Healing" })).toBeVisible();
  // In the library, guides are the member's to download, and the cart never charges for them.
  await page.goto("/products");
  const guide = page.getByRole("article", { name: "Moon Ritual Journal" });
  await expect(guide.getByRole("button", { name: "Member Benefits - Free Download" })).toBeEnabled();
  // A guide with no file yet offers no download that can only fail (spec §4).
  const fileless = page.getByRole("article", { name: "Aromatherapy Rituals Guide" });
  await expect(fileless.getByRole("button", { name: "Member Benefits - Free Download" })).toBeDisabled();
  const course = page.getByRole("article", { name: "Reiki Self-Healing Course" });
  await expect(course.getByRole("button", { name: "Get Course" })).toBeVisible();
  // Nothing to add to the cart: the guide is already the member's (a course still is for sale).
  await expect(guide.getByRole("button", { name: /^Add to cart/ })).toHaveCount(0);
  await bookingShot(page, "member-library");
  await expect(course.getByRole("button", { name: "Add to cart: Reiki Self-Healing Course" })).toBeVisible();
  // A cart filled before the membership began still holds the guide, and never charges for it.
  await page.evaluate(() =>
    localStorage.setItem(
      "cart",
      JSON.stringify([
        { id: "moon-ritual-journal", title: "Moon Ritual Journal", price_cents: 799, product_type: "pdf", quantity: 1 },
      ]),
    ),
  );
  await page.reload();
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  await expect(cart.getByText("Included in your membership: not charged")).toBeVisible();
  await expect(cart.getByTestId("cart-total")).toHaveText("£0.00");
  await expect(cart.getByRole("button", { name: "Checkout" })).toBeDisabled();
  await cart.getByRole("button", { name: "Close cart" }).click();
  await page.goto("/my-purchases");
  await expect(page.getByTestId("membership-status")).toContainText("Active");
});

test("a customer who has not bought gets 'Purchase Required' and no file", async ({ page }) => {
  const user = await createUser("nobuy");
  await signIn(page, user);
  await page.goto("/product/chakra-balance-guide");
  await expect(page.getByRole("button", { name: "Download Now and Begin Your Inner Healing" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Sacred Collection" })).toBeVisible();
  await page.getByRole("link", { name: "Attachment 1 (locked)" }).click();
  await expect(page.getByText("Purchase Required")).toBeVisible();
  await expect(
    page.getByText("You need to purchase this product or have an active membership to download it."),
  ).toBeVisible();
  const res = await page.request.get("/api/downloads/chakra-balance-guide", { maxRetries: 1 });
  expect(res.status()).toBe(403);
  expect((await res.json()).error).toBe("Purchase Required");
});

test("the cart drawer and the purchase dialog give the focus back to the button that opened them", async ({
  page,
  customer,
}) => {
  // Neither is opened by a Radix Dialog.Trigger, which is all Radix gives the focus back to: a keyboard
  // user was sent to the top of the page.
  await signIn(page, customer);
  await page.goto("/product/chakra-balance-guide");
  await page.getByRole("button", { name: "Add to Sacred Collection" }).click();
  const cart = page.locator('header button[aria-label^="Cart"]:visible');
  await expect(cart).toHaveAccessibleName("Cart, 1 item");
  await cart.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cart).toBeFocused();
  const buy = page.getByRole("button", { name: "Download Now and Begin Your Inner Healing" });
  await buy.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(buy).toBeFocused();
});

test("a visitor sees the library and is sent to sign in to buy", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Digital Access" })).toBeVisible();
  await expect(page.getByText("Video + PDF").first()).toBeVisible();
  await expect(page.getByText("Audio", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.goto("/product/chakra-balance-guide");
  await page.getByRole("button", { name: "Login to Purchase - £12.99" }).click();
  await expect(page.getByText("Please log in to purchase this product.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/product/no-such-product");
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Browse All Products" }).click();
  await expect(page).toHaveURL("/products");
});

// Muted playback needs no user gesture, so the test can press play itself.
test("a buyer plays the audio product in the page and can seek", async ({ page }) => {
  const user = await createUser("audio");
  await signIn(page, user);
  await page.goto("/product/healing-frequencies-meditation");
  await expect(page.getByText("Audio", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Download Now and Begin Your Inner Healing" }).click();
  await payInDialogAndDemo(page, "Pay £5.99", "£5.99");
  await page.goto("/product/healing-frequencies-meditation");
  const audio = page.locator("audio");
  await expect(audio).toBeVisible();
  const played = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    // Playing means time moves: wait until it has.
    while (element.currentTime === 0) {
      await new Promise((resolve) => element.addEventListener("timeupdate", resolve, { once: true }));
    }
    element.currentTime = 2;
    await new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
    return { duration: element.duration, time: element.currentTime, error: element.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.duration).toBeGreaterThan(2.5);
  expect(played.time).toBeGreaterThanOrEqual(2);
});

import { makeDemoPdf } from "../../app/features/shop/demo-files.server";
import {
  createUser,
  dismissCookieBanner,
  expect,
  payInDialogAndDemo,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

test("a customer who saw the old price is shown the new one before paying, and pays that", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await createUser("owner", { admin: true, name: "Olive Owner" });
  const buyer = await createUser("buyer", { name: "Bea Buyer" });
  const title = `Dawn Guide ${buyer.email.slice(6, 14)}`;

  // The owner puts a guide on sale at £10.00.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await dismissCookieBanner(owner);
  await signIn(owner, admin);
  await owner.goto("/admin?form=new");
  // Typing into the form before the page is live can land in the wrong field.
  await waitForHydration(owner);
  const form = owner.getByRole("region", { name: "New Product" });
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await form.getByRole("textbox", { name: "Description", exact: true }).fill("Morning practice for a calm day.");
  await form.getByLabel("Price (£)").fill("10.00");
  // A paid product is not for sale without its file, and the form says so until one is uploaded.
  const needsFile = form.getByRole("note").filter({ hasText: "A paid product needs its file before it can be sold" });
  await expect(needsFile).toBeVisible();
  await form
    .getByLabel("Product file (PDF, audio or video)")
    .setInputFiles({ name: "dawn.pdf", mimeType: "application/pdf", buffer: makeDemoPdf(title, ["Dawn"]) });
  await expect(owner.getByText("PDF uploaded successfully.").first()).toBeVisible();
  await expect(needsFile).toHaveCount(0);
  await form.getByRole("button", { name: "Create Product" }).click();
  await expect(owner.getByText("Product created successfully.")).toBeVisible();

  // The customer puts it in the cart and keeps its page open.
  await dismissCookieBanner(page);
  await signIn(page, buyer);
  await page.goto("/products");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("£10.00").first()).toBeVisible();
  await page.getByRole("button", { name: "Add to Sacred Collection" }).click();
  await expect(page.getByRole("button", { name: /^Cart, 1 item/ })).toBeVisible();

  // Meanwhile the owner raises the price.
  await owner.goto("/admin");
  await owner.getByRole("link", { name: `Edit ${title}` }).click();
  await owner
    .getByRole("region", { name: `Edit “${title}”` })
    .getByLabel("Price (£)")
    .fill("12.50");
  await owner.getByRole("button", { name: "Update Product" }).click();
  await expect(owner.getByText("Product updated successfully.")).toBeVisible();
  await ownerContext.close();

  // The cart, opened again, shows the price that will be charged.
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  await expect(cart.getByText("Price updated from £10.00")).toBeVisible();
  await expect(cart.getByTestId("cart-total")).toHaveText("£12.50");
  await cart.getByRole("button", { name: "Close cart" }).click();

  // The product page was drawn before the change: paying at its old price is refused, and the
  // dialog then shows the new one.
  await page.getByRole("button", { name: "Download Now and Begin Your Inner Healing" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/I want immediate access to this digital content/).check();
  await dialog.getByRole("button", { name: "Pay £10.00" }).click();
  await expect(page.getByText(`The price of ${title} has changed to £12.50.`, { exact: false })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Pay £12.50" })).toBeVisible();
  await expect(page).not.toHaveURL(/demo-checkout/);
  await payInDialogAndDemo(page, "Pay £12.50", "£12.50");
});

import { readFileSync } from "node:fs";
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
  storedFile,
  test,
} from "./fixtures";

/**
 * Issue 14: a customer pays and gets a receipt that is one, with a download link that works; the
 * owner finds the order by e-mail, resends the receipt and exports the CSV.
 */
test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const shots = process.env.SCREENSHOT_DIR;
const receiptsTo = (email: string) => readOutbox(dataDir).filter((m) => m.to === email && /receipt/.test(m.subject));

test("a customer buys a guide and gets a receipt; the owner finds the order, resends it and exports the CSV", async ({
  page,
  browser,
}, testInfo) => {
  // Two people, a purchase, a search, a resend and a download: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const width = isPhone(page) ? 390 : 1280;
  const buyer = await createUser("receipt", { name: "Rowan Buyer" });
  const buyerEmail = buyer.email;
  await signIn(page, buyer);
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to cart: Moon Ritual Journal" }).click();
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Checkout" }).click();
  await payInDialogAndDemo(page, "Pay £7.99", "£7.99");

  // The receipt: item and price, order, payment kind, seller, and a download link that works.
  await expect.poll(() => receiptsTo(buyerEmail).length).toBe(1);
  const receipt = receiptsTo(buyerEmail)[0]?.text ?? "";
  expect(receipt).toMatch(/Moon Ritual Journal +£7\.99/);
  expect(receipt).toMatch(/Payment method +Demo payment \(no money taken\)/);
  expect(receipt).toMatch(/Sold by +Elena Rose, trading as Sacred Healing/);
  const orderRef = /Order +(#[0-9a-f]{8})/.exec(receipt)?.[1] as string;
  const link = /https?:\/\/\S+redirectTo=%2Fapi%2Fdownloads%2Fmoon-ritual-journal/.exec(receipt)?.[0] as string;
  const fetched = await page.request.get(new URL(link).pathname + new URL(link).search, { maxRetries: 1 });
  expect(fetched.status()).toBe(200);
  expect((await fetched.body()).equals(storedFile("pdfs/seed-moon-ritual-journal.pdf"))).toBe(true);

  // The owner, in her own browser.
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? { width, height: 900 } });
  const owner = await ownerContext.newPage();
  await dismissCookieBanner(owner);
  await signIn(owner, await createUser("owner", { admin: true, name: "Olive Owner" }));
  await owner.goto("/admin/orders");
  await owner.getByLabel("Client, product or order").fill(buyerEmail);
  await owner.getByRole("button", { name: "Filter" }).click();
  await expect(owner).toHaveURL(/q=receipt-/);
  const orders = owner.getByRole("list", { name: "Orders" }).locator(":scope > li");
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(`Order ${orderRef}`);
  await expect(owner.getByTestId("total-takings")).toHaveText("£7.99");
  const chart = owner.getByRole("img", { name: /^Sales by week: £7\.99/ });
  await expect(chart).toBeVisible();
  // Drawn for the width it is shown at: a phone gets the narrow drawing, whose text stays legible.
  await expect
    .poll(() =>
      chart.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).searchParams.get("size")),
    )
    .toBe((owner.viewportSize()?.width ?? 1280) < 640 ? "narrow" : null);
  expect(await accessibilityViolations(owner)).toEqual([]);
  if (shots) {
    await owner.screenshot({ path: path.join(shots, `orders-${width}.png`), fullPage: true });
    await owner.getByRole("figure").screenshot({ path: path.join(shots, `orders-chart-${width}.png`) });
  }

  await owner.getByRole("button", { name: `Resend receipt of order ${orderRef}` }).click();
  await expect(owner.getByText(`The receipt for order ${orderRef} is on its way.`)).toBeVisible();
  await expect.poll(() => receiptsTo(buyerEmail).length).toBe(2);

  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(orderRef);
  expect(csv[1]).toContain(buyerEmail);
  expect(csv[1]).toContain(",7.99,");

  // The product list, with the archived ones apart (none yet on a fresh catalogue).
  if (shots) {
    await owner.goto("/admin");
    await owner.screenshot({ path: path.join(shots, `admin-products-${width}.png`) });
    await owner.goto(`/admin/orders?q=${encodeURIComponent(buyerEmail)}`);
  }
  // The grant form opens below the list.
  await owner.getByText("Give a product by hand").click();
  await expect(owner.getByLabel("Note")).toBeVisible();
  if (shots) await owner.screenshot({ path: path.join(shots, `orders-grant-${width}.png`), fullPage: true });
  await ownerContext.close();
  testInfo.annotations.push({ type: "order", description: orderRef });
});

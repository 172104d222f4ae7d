import { latestLink } from "../support/outbox";
import {
  accessibilityViolations,
  createUser,
  dataDir,
  dismissCookieBanner,
  expect,
  isPhone,
  PASSWORD,
  signIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

async function expectGreeting(page: import("@playwright/test").Page, email: string) {
  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByText(`Welcome, ${email.split("@")[0]}`).filter({ visible: true })).toBeVisible();
}

test("a visitor signs up, opens the link from the e-mail and lands on /products signed in", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByRole("link", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Join Sacred Healing" })).toBeVisible();

  await page.getByLabel("Full name").fill("Zoë O’Brien");
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("short");
  await expect(page.getByRole("listitem").filter({ hasText: "At least 8 characters" })).toContainText("not met");
  await password.fill(PASSWORD);
  await expect(page.getByRole("listitem").filter({ hasText: "At least 8 characters" })).toContainText("(met)");
  await expect(password).toHaveClass(/text-green-700/);
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText(`We've sent a confirmation link to ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await expect.poll(() => latestLink(dataDir, email, /verify-email/)).toBeTruthy();
  await page.goto(latestLink(dataDir, email, /verify-email/) as string);
  await expect(page).toHaveURL("/products");
  await expectGreeting(page, email);
});

test("a confirmation link opened on another device asks the owner to choose a password", async ({ page, browser }) => {
  const email = uniqueEmail("other-device");
  await page.goto("/auth?mode=signup");
  await waitForHydration(page);
  await page.getByLabel("Full name").fill("Rowan Elsewhere");
  await page.getByLabel("Email").fill(email);
  await expect(page.getByText("Common passwords such as Password1 are not accepted.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Password1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(/one of the most commonly used/).first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  // Signing up hashes the password: on a machine saturated by the whole suite that takes seconds.
  await expect(page.getByText(`We've sent a confirmation link to ${email}`)).toBeVisible({ timeout: 20_000 });

  // The e-mail is read on a phone: that browser did not sign up, so the password is chosen there.
  await expect.poll(() => latestLink(dataDir, email, /verify-email/)).toBeTruthy();
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(latestLink(dataDir, email, /verify-email/) as string);
    await expect(other.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await expect(other.getByText("Your email is confirmed.")).toBeVisible();
    await other.getByLabel("New password").fill("Phone-Chosen7");
    await other.getByRole("button", { name: "Set New Password" }).click();
    await expect(other).toHaveURL("/auth");
    await signIn(other, { email, password: "Phone-Chosen7" });
    await expect(other).toHaveURL("/products");
  } finally {
    await phone.close();
  }
});

test("sign-in errors show the spec's messages, inline and as toasts", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email is required").first()).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();

  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Whatever1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password. Please check your credentials.")).toBeVisible();
  // On a phone the toast spans the foot of the screen: a tap there reaches the page (a submit button
  // beneath it), except on the toast's own close button.
  const toast = page.locator("[data-sonner-toast]").first();
  const pointer = (target: import("@playwright/test").Locator) =>
    target.evaluate((element) => getComputedStyle(element).pointerEvents);
  expect(await pointer(toast)).toBe(isPhone(page) ? "none" : "auto");
  expect(await pointer(toast.locator("[data-close-button]"))).toBe("auto");

  // Toggling modes clears the errors and the password.
  await page.getByRole("link", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByText("Email is required")).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("five wrong passwords lock the form with a countdown", async ({ page }) => {
  const user = await createUser("lockout");
  await page.goto("/auth");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-pass1");
    // Each attempt answered before the next (the toast of the last one may still be showing).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth")),
      page.getByRole("button", { name: "Sign In" }).click(),
    ]);
    if (i < 4)
      await expect(page.getByText("Invalid email or password. Please check your credentials.").first()).toBeVisible();
  }
  await expect(page.getByText("Too Many Attempts")).toBeVisible();
  await expect(page.getByText("Please wait 15 minutes before trying again.")).toBeVisible();
  const banner = page.getByRole("alert").filter({ hasText: "Rate limit active. Try again in 15 minutes." });
  await expect(banner).toBeVisible();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByLabel("Password", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Don't have an account? Sign up" })).toBeDisabled();
  const seconds = page.getByTestId("lockout-seconds");
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first as string);
  // The way out stays open: a new password by e-mail.
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByLabel("Email")).toBeEnabled();
});

test("Sign Out in one browser signs the user out in another", async ({ page, browser }) => {
  const user = await createUser("twodevices");
  await signIn(page, user);
  await expect(page).toHaveURL("/products");
  await expect(page.getByText("Sign in successful")).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await dismissCookieBanner(otherPage);
  await signIn(otherPage, user);
  await expect(otherPage).toHaveURL("/products");

  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL("/auth");

  await otherPage.goto("/my-purchases");
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fmy-purchases/);
  await other.close();
});

test("a protected page sends the visitor to sign in and back again", async ({ page }) => {
  const user = await createUser("returning");
  await page.goto("/my-purchases");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fmy-purchases");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/my-purchases");
  await expect(page.getByRole("heading", { name: "My Sacred Downloads" })).toBeVisible();
});

test("a customer who opens /admin is sent home with 'Access Denied'", async ({ page }) => {
  const user = await createUser("curious");
  await signIn(page, user);
  await expect(page).toHaveURL("/products");
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("You don't have admin privileges.")).toBeVisible();
});

test("an admin sees the Admin link and reaches Product Management", async ({ page }) => {
  const admin = await createUser("owner", { admin: true });
  await signIn(page, admin);
  await expect(page).toHaveURL("/products");
  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Admin", exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
});

test("a forgotten password is reset from the e-mailed link", async ({ page }) => {
  const user = await createUser("forgetful");
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If an account exists for that email/).first()).toBeVisible();

  await expect.poll(() => latestLink(dataDir, user.email, /reset-password/)).toBeTruthy();
  await page.goto(latestLink(dataDir, user.email, /reset-password/) as string);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("Fresh-Start9");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByText("Password updated")).toBeVisible();

  await signIn(page, { email: user.email, password: "Fresh-Start9" });
  await expect(page).toHaveURL("/products");
  await expectGreeting(page, user.email);
});

import type { Locator, Page } from "@playwright/test";
import { accessibilityViolations, dismissCookieBanner, expect, isPhone, test } from "./fixtures";

/** True when the element's top edge is inside the viewport (a scroll button reached it). */
async function expectScrolledTo(page: Page, selector: string) {
  await expect
    .poll(async () =>
      page.evaluate((sel) => {
        const box = document.querySelector(sel)?.getBoundingClientRect();
        return box ? box.top >= -2 && box.top < window.innerHeight : false;
      }, selector),
    )
    .toBe(true);
}

async function expectNewTab(link: Locator) {
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
}

const pages: [path: string, labels: string[]][] = [
  ["/", ["Begin Your Journey", "Explore Offerings", "Sacred Offerings", "Ready to Begin?"]],
  ["/about", ["My Story", "Training and Certifications", "My Healing Philosophy", "Get in Touch"]],
  ["/reiki", ["One-on-One Session", "Healing Journey", "Transformation Journey", "After Your Session"]],
  ["/zyto", ["How the Scan Works", "Scan Sessions", "Important Notes", "Sacred Synergy", "Book Your Scan"]],
  ["/aromatherapy", ["Explore Collections", "Learn About", "How You Can Begin", "Curated Collections"]],
  ["/music", ["Light Within", "More Sacred Songs Coming Soon"]],
  ["/media-events", ["Featured Videos", "Angel Light Gallery", "No upcoming events for now", "Sacred Moments"]],
  ["/contact", ["Opening Hours", "Send Message", "Frequently Asked Questions"]],
  ["/terms", ["1. Introduction", "9. Governing Law", "10. Contact"]],
  ["/privacy", ["Legal Bases", "International Transfers", "Complaints"]],
  ["/cookie-policy", ["Strictly Necessary", "Marketing"]],
  ["/refund", ["Digital Products", "Gift Vouchers"]],
  ["/disclaimer", ["Medical Disclaimer", "ZYTO Scanning", "Essential Oils", "Emergencies"]],
];

test.describe("the marketing pages", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  for (const [path, labels] of pages) {
    test(`${path} shows its content, lazy-loads images with their size, and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("h1")).toHaveCount(1);
      for (const label of labels) await expect(page.getByText(label).first()).toBeVisible();
      // Read in one round trip: /media-events has dozens of photos, and three asks each took 5-10 s.
      const images = await page
        .locator("main img")
        .evaluateAll((all) =>
          all.map((img) => [
            img.getAttribute("src"),
            img.getAttribute("width"),
            img.getAttribute("height"),
            img.getAttribute("alt"),
          ]),
        );
      for (const [src, width, height, alt] of images) {
        expect(width, `${src} width`).toMatch(/\d+/);
        expect(height, `${src} height`).toMatch(/\d+/);
        expect(alt, `${src} alt`).not.toBeNull();
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  test("home: Explore Offerings scrolls to the four offering cards", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Explore Offerings" }).click();
    await expectScrolledTo(page, "#offerings");
    const cards = page.locator("#offerings li");
    await expect(cards).toHaveCount(4);
    for (const href of ["/reiki", "/healing-guides", "/zyto", "/stories"]) {
      await expect(page.locator(`#offerings a[href="${href}"]`)).toHaveCount(1);
    }
    await page.getByRole("link", { name: "Begin Your Journey" }).click();
    await expect(page).toHaveURL("/about");
  });

  test("reiki: three packages with prices, terms and support by e-mail or WhatsApp", async ({ page }) => {
    await page.goto("/reiki");
    for (const price of ["£50", "£80", "£140"]) await expect(page.getByText(price, { exact: true })).toBeVisible();
    for (const time of ["1 hour", "2 sessions per month", "One session a week for 4 sessions"]) {
      await expect(page.getByText(time, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/full refund up to 24 hours before/)).toBeVisible();
    await expect(page.getByText(/incur a fee of 50%/)).toBeVisible();
    await expect(page.getByRole("link", { name: /^E-mail/ })).toHaveAttribute("href", /^mailto:/);
    await expectNewTab(page.getByRole("link", { name: /^WhatsApp/ }).first());
  });

  test("zyto: sessions, disclaimer and the calls to action", async ({ page }) => {
    await page.goto("/zyto");
    for (const [price, time] of [
      ["£44", "30 minutes"],
      ["£66", "45-60 minutes"],
      ["£77", "90 minutes"],
    ] as const) {
      await expect(page.getByText(price, { exact: true })).toBeVisible();
      await expect(page.getByText(time, { exact: true })).toBeVisible();
    }
    const schedule = page.getByRole("link", { name: /^Schedule This Session/ });
    await expect(schedule).toHaveCount(3);
    await expect(schedule.first()).toHaveAttribute("href", "/book/standard-scan");
    await expect(page.getByText(/cleared only for measuring skin conductance/)).toBeVisible();
    await expect(page.getByText(/pregnant people and pacemaker users/)).toBeVisible();
    await expect(page.getByText(/not medical advice/)).toBeVisible();
    // The booking call opens the page and closes it (issue 27: the first button a visitor sees).
    const book = page.getByRole("link", { name: "Book Your Scan" });
    await expect(book).toHaveCount(2);
    for (const link of await book.all()) await expect(link).toHaveAttribute("href", "/book/standard-scan");
    await expect(page.getByRole("link", { name: "Combine with Energy Healing" })).toHaveAttribute("href", "/reiki");
  });

  test("aromatherapy: the exact counts, scroll button and external links", async ({ page }) => {
    await page.goto("/aromatherapy");
    await expect(page.getByTestId("ways-of-use").locator("> li")).toHaveCount(5);
    await expect(page.getByTestId("most-used-oils").locator("> li")).toHaveCount(10);
    await expect(page.getByTestId("benefits").locator("> li")).toHaveCount(4);
    const collections = page.getByTestId("collections").locator("> li");
    await expect(collections).toHaveCount(4);
    for (const collection of await collections.all()) await expect(collection.locator("ul li")).toHaveCount(4);
    await expect(page.getByText("25%", { exact: true })).toBeVisible();
    await expect(page.getByText("Up to 30%", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "How You Can Begin" }).locator("xpath=../..").locator("ul > li"),
    ).toHaveCount(3);
    for (const link of await page.locator('main a[href^="http"]').all()) await expectNewTab(link);
    await expectNewTab(page.getByRole("link", { name: /^Explore Collections/ }));
    await page.getByRole("link", { name: "Learn About" }).click();
    await expectScrolledTo(page, "#about");
  });

  test("music: four songs, YouTube in a new tab, a real download, and the coming-soon card", async ({ page }) => {
    await page.goto("/music");
    const songs = page.getByTestId("songs").locator("> li");
    await expect(songs).toHaveCount(4);
    await expect(page.getByTestId("duration")).toHaveText(["3:45", "4:12", "3:28", "3:15"]);
    const listen = page.getByRole("link", { name: /^Listen on YouTube/ });
    await expect(listen).toHaveCount(4);
    for (const link of await listen.all()) await expectNewTab(link);
    // Only a song with a recording offers a download; no dead buttons.
    const downloads = page.getByRole("link", { name: /^Download / });
    await expect(downloads).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent("download"), downloads.click()]);
    expect(download.suggestedFilename()).toBe("light-within-sample.wav");
    const response = await page.request.get((await downloads.getAttribute("href")) ?? "", { maxRetries: 1 });
    expect(response.ok()).toBe(true);
    expect((await response.body()).subarray(0, 4).toString()).toBe("RIFF");
    await page.getByRole("link", { name: "Follow for New Releases" }).click();
    await expectScrolledTo(page, "#follow");
  });

  test("contact: four cards, hours, three socials, Send Message, four FAQs, the 24-hour promise", async ({ page }) => {
    await page.goto("/contact");
    for (const title of ["Email", "WhatsApp", "Opening Hours", "Location"]) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    await expect(page.locator("main").getByText(/^Tuesday-Saturday 9am-6pm (GMT|BST)$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Send Message" })).toHaveAttribute("href", /^mailto:.+\?subject=/);
    for (const name of ["Facebook", "Instagram", "TikTok"]) {
      await expectNewTab(page.locator("main").getByRole("link", { name: new RegExp(name) }));
    }
    const faqs = page.getByTestId("faqs").locator("details");
    await expect(faqs).toHaveCount(4);
    await faqs.first().locator("summary").click();
    await expect(faqs.first()).toHaveAttribute("open", "");
    await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
  });

  test("the terms have ten sections and every legal page shows when it last changed", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.locator("main article h2")).toHaveCount(10);
    for (const path of ["/terms", "/privacy", "/cookie-policy", "/refund", "/disclaimer"]) {
      await page.goto(path);
      await expect(page.getByText(/Last updated: \d{1,2} \w+ \d{4}/)).toBeVisible();
    }
  });
});

test("the Cookie Policy's Cookie Settings button clears the choice and the banner returns", async ({ page }) => {
  await page.goto("/cookie-policy");
  const banner = page.getByRole("region", { name: /We value your privacy/ });
  await page.getByRole("button", { name: "Reject all", exact: true }).click();
  await expect(banner).toBeHidden();
  await page.locator("main").getByRole("button", { name: "Cookie Settings" }).click();
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBeNull();
});

test.describe("media and events", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/media-events");
  });

  test("three video cards open YouTube in a new tab", async ({ page }) => {
    const cards = page.getByTestId("video-cards").locator("> li");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByText("YouTube", { exact: true })).toBeVisible();
      await expectNewTab(card.getByRole("link", { name: /^Watch Video/ }));
    }
    await expectNewTab(page.getByRole("link", { name: /^Watch the Video Experience/ }));
  });

  test("the angel gallery's lightbox opens, moves and closes by keyboard and gives focus back", async ({ page }) => {
    const thumbs = page.getByTestId("angel-gallery").getByRole("button");
    await expect(thumbs).toHaveCount(9);
    await thumbs.nth(1).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Angel Light Gallery: photo 2 of 9" });
    await expect(dialog).toBeVisible();
    // Shipped artwork is captioned as artwork, never as a scene (issue 27).
    await expect(dialog.getByText("Artwork, shown until the photographs are added")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: /photo 3 of 9/ })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: /photo 1 of 9/ })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: /photo 9 of 9/ })).toBeVisible();
    // Focus stays inside the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(thumbs.nth(1)).toBeFocused();
  });

  test("the lightbox closes with its button, and a swipe moves on", async ({ page }) => {
    await page.getByTestId("angel-gallery").getByRole("button").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName(/photo 1 of 9/);
    // Swipe across the dialog (it fills the screen), not the photo: an image still loading has no width yet.
    const box = await dialog.boundingBox();
    if (!box) throw new Error("The lightbox has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.75, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, y, { steps: 5 });
    await page.mouse.up();
    await expect(dialog).toHaveAccessibleName(/photo 2 of 9/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("Sacred Moments: Romania by default, counts on the tabs and under the heading", async ({ page }) => {
    const gallery = page.locator("#sacred-moments");
    const tab = (name: string) => gallery.getByRole("tab", { name });
    await expect(tab("Romania (50)")).toHaveAttribute("aria-selected", "true");
    await expect(gallery.getByText("Romania: 50 photos")).toBeVisible();
    await expect(gallery.getByRole("tabpanel").getByRole("button")).toHaveCount(50);
    for (const [name, label, count] of [
      ["Stonehenge (10)", "Stonehenge", 10],
      ["Glastonbury (19)", "Glastonbury", 19],
      ["Romania (50)", "Romania", 50],
    ] as const) {
      await tab(name).click();
      await expect(tab(name)).toHaveAttribute("aria-selected", "true");
      await expect(gallery.getByText(`${label}: ${count} photos`)).toBeVisible();
      await expect(gallery.getByRole("tabpanel").getByRole("button")).toHaveCount(count);
    }
    await tab("Glastonbury (19)").click();
    await gallery.getByRole("tabpanel").getByRole("button").last().click();
    await expect(page.getByRole("dialog", { name: /Glastonbury: photo 19 of 19/ })).toBeVisible();
    await expect(page.getByRole("dialog").getByText("Artwork, shown until the photographs are added")).toBeVisible();
    await page.keyboard.press("Escape");
  });

  test("Stay Connected and Join Our Sacred Community scroll to each other's sections", async ({ page }) => {
    await page.getByRole("link", { name: "Stay Connected" }).click();
    await expectScrolledTo(page, "#connect");
    await page.getByRole("link", { name: "Join Our Sacred Community" }).click();
    await expectScrolledTo(page, "#events");
    if (!isPhone(page)) {
      await page.getByRole("link", { name: "View Gallery" }).click();
      await expectScrolledTo(page, "#sacred-moments");
    }
  });
});

test.describe("embedded videos", () => {
  test.beforeEach(async ({ page }) => {
    // Nothing may reach YouTube in a test; the iframe's presence is what we check.
    await page.route(/youtube|ytimg/, (route) => route.abort());
  });

  test("without marketing consent no iframe appears and the video opens on YouTube", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await dismissCookieBanner(page, "necessary");
    await page.goto("/zyto");
    await expect(page.locator("iframe")).toHaveCount(0);
    const play = page.getByRole("link", { name: /^Play video on YouTube/ });
    await expectNewTab(play);
    await expect(play).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/watch\?v=/);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  });

  test("with marketing consent the privacy-enhanced player loads only after a click", async ({ page }) => {
    await dismissCookieBanner(page, "all");
    await page.goto("/media-events");
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.getByRole("button", { name: "Play video: Solstice at Stonehenge" }).click();
    const frame = page.locator("iframe");
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/STONEHENGE1/);
    await expect(frame).toHaveAttribute("title", "Solstice at Stonehenge");
  });
});

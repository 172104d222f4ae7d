import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createUser, dismissCookieBanner, expect, signIn, test } from "./fixtures";

/** Screenshots of each new admin screen, at the project's width, for a person to look at. */
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string, project: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}-${project}.png`, fullPage: true });
}

/** A UK date `days` from now, as a date field takes it. */
const ukDate = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + days * 86_400_000));

test("the owner changes her e-mail, adds an event and a photo, and a visitor sees all three", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const tag = randomBytes(3).toString("hex");
  const email = `maria-${tag}@lumina-healing.co.uk`;
  const eventTitle = `Full Moon Circle ${tag}`;
  const alt = `An orb of light ${tag}`;

  await dismissCookieBanner(page);
  const owner = await createUser("owner", { admin: true });
  await signIn(page, owner);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));

  // Site settings: a wrong e-mail is refused with its reason, a right one is saved.
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Site Settings" })).toBeVisible();
  await shot(page, "admin-settings", project);
  await page.getByLabel("Contact e-mail").fill("maria at lumina");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Contact e-mail must be a valid e-mail address").first()).toBeVisible();
  await shot(page, "admin-settings-refused", project);
  await page.getByLabel("Contact e-mail").fill(email);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Site settings saved.")).toBeVisible();

  // An event, typed in UK time.
  await page.goto("/admin/events");
  await page.getByRole("link", { name: "Add Event" }).click();
  await page.getByLabel("Title").fill(eventTitle);
  await page.getByLabel("Date").fill(ukDate(2));
  await page.getByLabel("Time").fill("19:30");
  await page.getByLabel("Place").fill("Wells Town Hall");
  await page.getByLabel("Description").fill("Bring a candle & a blanket.");
  await shot(page, "admin-events-form", project);
  await page.getByRole("button", { name: "Save Event" }).click();
  await expect(page.getByText("Event saved.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Events" })).toContainText(eventTitle);
  await shot(page, "admin-events", project);

  // A photo for the angel gallery, through the upload endpoint.
  await page.goto("/admin/galleries?gallery=angel");
  const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c9a227" } })
    .png()
    .toBuffer();
  const addPhoto = page.getByRole("form", { name: "Add a photo" });
  await addPhoto
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "orb.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Image uploaded successfully.")).toBeVisible();
  await addPhoto.getByLabel("Alt text").fill(alt);
  await addPhoto.getByLabel("Caption").fill("The first orb");
  await addPhoto.getByRole("button", { name: "Add to Gallery" }).click();
  await expect(page.getByText("Photo added.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Photos in Angel Light" }).getByAltText(alt)).toBeVisible();
  await shot(page, "admin-galleries", project);

  // A visitor, signed out, sees all three.
  const visitor = await browser.newPage({ viewport: page.viewportSize() ?? { width: 1280, height: 900 } });
  await dismissCookieBanner(visitor);
  await visitor.goto("/contact");
  await expect(visitor.getByRole("main").getByText(email).first()).toBeVisible();
  await expect(visitor.getByRole("contentinfo").getByText(email)).toBeVisible();
  await visitor.goto("/media-events");
  const events = visitor.getByTestId("events");
  await expect(events).toContainText(eventTitle);
  await expect(events).toContainText("7:30pm");
  await expect(events).toContainText("Bring a candle & a blanket.");
  await expect(visitor.getByTestId("angel-gallery").getByAltText(alt)).toBeVisible();
  await visitor.getByTestId("angel-gallery").getByAltText(alt).click();
  await expect(visitor.getByRole("dialog")).toContainText("The first orb");
  await visitor.close();
});

test("the owner adds a song with a recording, and a visitor sees it and can download it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const tag = randomBytes(3).toString("hex");
  const title = `Morning Light ${tag}`;

  await dismissCookieBanner(page);
  const owner = await createUser("owner", { admin: true });
  await signIn(page, owner);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));

  await page.goto("/admin/songs");
  await expect(page.getByRole("heading", { name: "Songs", exact: true })).toBeVisible();
  await shot(page, "admin-songs", project);
  await page.getByRole("link", { name: "Add Song" }).click();
  const form = page.getByRole("form", { name: "Song" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Theme").fill("Awakening");
  await form.getByLabel("Duration").fill("4:75");
  await form.getByLabel("YouTube link").fill("https://vimeo.com/1234567");
  await form.getByRole("button", { name: "Save Song" }).click();
  await expect(page.getByText("Duration must be minutes and seconds, such as 3:45.").first()).toBeVisible();
  await expect(page.getByText("YouTube link must be a YouTube link").first()).toBeVisible();
  await shot(page, "admin-songs-refused", project);

  await form.getByLabel("Duration").fill("4:05");
  await form.getByLabel("YouTube link").fill("https://youtu.be/morning0001");
  await form.getByLabel("Description").fill("A song for the first light & the first tea.");
  await form.getByLabel("Recording (optional)").setInputFiles({
    name: "morning.wav",
    mimeType: "audio/wav",
    buffer: readFileSync("public/audio/light-within-sample.wav"),
  });
  await expect(page.getByText("File uploaded successfully.")).toBeVisible();
  await expect(form.getByText("Ready to attach: morning.wav")).toBeVisible();
  await shot(page, "admin-songs-form", project);
  await form.getByRole("button", { name: "Save Song" }).click();
  await expect(page.getByText("Song saved.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Songs" })).toContainText(title);
  await shot(page, "admin-songs-list", project);

  const visitor = await browser.newPage({ viewport: page.viewportSize() ?? { width: 1280, height: 900 } });
  await dismissCookieBanner(visitor);
  await visitor.goto("/music");
  const card = visitor.getByTestId("songs").locator("> li").filter({ hasText: title });
  await expect(card).toContainText("Awakening");
  await expect(card).toContainText("4:05");
  await expect(card).toContainText("A song for the first light & the first tea.");
  await expect(card.getByRole("link", { name: new RegExp(`^Listen on YouTube: ${title}`) })).toHaveAttribute(
    "href",
    "https://youtu.be/morning0001",
  );
  const download = visitor.waitForEvent("download");
  await card.getByRole("link", { name: new RegExp(`Download ${title} \\(WAV\\)`) }).click();
  expect((await download).suggestedFilename()).toMatch(/\.wav$/);
  await shot(visitor, "music", project);
  await visitor.close();
});

test("the owner renames a tab she added and gives an event an image a visitor sees", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const tag = randomBytes(3).toString("hex");
  const eventTitle = `Candle Evening ${tag}`;

  await dismissCookieBanner(page);
  const owner = await createUser("owner", { admin: true });
  await signIn(page, owner);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));

  await page.goto("/admin/galleries");
  await page.getByLabel("New Sacred Moments tab").fill(`Avebury ${tag}`);
  await page.getByRole("button", { name: "Add Tab" }).click();
  await expect(page.getByText("Tab added.")).toBeVisible();
  await page.getByLabel("Tab name").fill(`Avebury Henge ${tag}`);
  await page.getByRole("button", { name: "Rename Tab" }).click();
  await expect(page.getByText("Tab renamed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Avebury Henge ${tag}` })).toBeVisible();
  await shot(page, "admin-galleries-tab", project);

  await page.goto("/admin/events?form=new");
  await page.getByLabel("Title").fill(eventTitle);
  await page.getByLabel("Date").fill(ukDate(1));
  await page.getByLabel("Time").fill("18:00");
  await page.getByLabel("Place").fill("Wells Cathedral Green");
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#6b3fa0" } })
    .png()
    .toBuffer();
  await page.getByLabel("Image (optional)").setInputFiles({ name: "candles.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Image uploaded successfully.")).toBeVisible();
  await shot(page, "admin-events-image", project);
  await page.getByRole("button", { name: "Save Event" }).click();
  await expect(page.getByText("Event saved.")).toBeVisible();

  const visitor = await browser.newPage({ viewport: page.viewportSize() ?? { width: 1280, height: 900 } });
  await dismissCookieBanner(visitor);
  await visitor.goto("/media-events");
  const card = visitor.getByTestId("events").locator("article").filter({ hasText: eventTitle });
  const image = card.locator("img");
  await expect(image).toHaveAttribute("width", "480");
  await expect(image).toHaveAttribute("height", "360");
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(visitor, "media-events-image", project);
  await visitor.goto("/");
  await shot(visitor, "home-next-event", project);
  await visitor.close();
});

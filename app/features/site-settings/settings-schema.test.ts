import { describe, expect, it } from "vitest";
import { placeholdersLeft, settingsMessages, siteSettingsSchema, withDefaults } from "./settings-schema";
import { DEFAULT_SITE_SETTINGS, describeOpeningHours, youtubeId } from "./site-details";

const messages = (input: unknown) => {
  const parsed = siteSettingsSchema.safeParse(input);
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))];
};

describe("the site settings schema", () => {
  it("accepts the shipped defaults, which read as the spec's hours", () => {
    expect(siteSettingsSchema.parse(DEFAULT_SITE_SETTINGS)).toEqual(DEFAULT_SITE_SETTINGS);
    expect(describeOpeningHours(DEFAULT_SITE_SETTINGS, new Date("2026-12-01T12:00:00Z"))).toBe(
      "Tuesday-Saturday 9am-6pm GMT",
    );
  });

  it("refuses each malformed detail with a message naming it", () => {
    expect(messages({ ...DEFAULT_SITE_SETTINGS, email: "hello at example" })).toEqual([settingsMessages.email]);
    expect(messages({ ...DEFAULT_SITE_SETTINGS, appUrl: "http://app.example.org" })).toEqual([
      settingsMessages.https("App link"),
    ]);
    expect(messages({ ...DEFAULT_SITE_SETTINGS, phone: "01225 CALL" })).toEqual([settingsMessages.phone("Phone")]);
    expect(messages({ ...DEFAULT_SITE_SETTINGS, opensAt: "18:00", closesAt: "09:00" })).toEqual([
      settingsMessages.hours,
    ]);
    expect(messages({ ...DEFAULT_SITE_SETTINGS, openingDays: [] })).toEqual([settingsMessages.days]);
  });

  it("answers an empty form with messages, not an exception", () => {
    const empty = Object.fromEntries(Object.keys(DEFAULT_SITE_SETTINGS).map((key) => [key, ""]));
    const result = messages({ ...empty, openingDays: [] });
    expect(result.length).toBeGreaterThan(10);
    expect(result).toContain(settingsMessages.required("Contact e-mail"));
  });

  it("keeps only a plain YouTube id for the embed", () => {
    expect(youtubeId("https://youtu.be/abcDEF12345")).toBe("abcDEF12345");
    expect(youtubeId("https://www.youtube.com/watch?v=abcDEF12345&t=3")).toBe("abcDEF12345");
    expect(youtubeId("https://www.youtube.com/watch?v=x%22onload%3D")).toBe("");
  });

  it("lists every placeholder until replaced, and fills fields a stored row lacks with defaults", () => {
    // The four song links left the settings for the songs table (decision 035).
    expect(placeholdersLeft(DEFAULT_SITE_SETTINGS)).toHaveLength(14);
    const stored = withDefaults({ email: "maria@lumina.co.uk" });
    expect(stored.email).toBe("maria@lumina.co.uk");
    expect(stored.town).toBe(DEFAULT_SITE_SETTINGS.town);
    expect(placeholdersLeft(stored).map((p) => p.field)).not.toContain("email");
  });
});

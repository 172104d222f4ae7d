import { knownSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { DAY_CODES, type SiteSettings, townLine } from "~/features/site-settings/site-details";
import type { WeeklyHours } from "./generate-slots";

/**
 * The practice's own facts that booking starts from: opening hours, time zone and where in-person
 * sessions happen, from the owner's site settings (decision 031; the spec's Tuesday-Saturday
 * 9am-6pm by default). The one place booking reads them.
 */
export function getPracticeDefaults(settings: SiteSettings = knownSiteSettings()): {
  weekly: WeeklyHours;
  timeZone: "Europe/London";
  city: string;
  /** Where in-person sessions happen: her full postal address when saved, else the town. */
  address: string;
} {
  const hours = [{ start: settings.opensAt, end: settings.closesAt }];
  // WeeklyHours is keyed by JavaScript's weekday number: 0 is Sunday.
  const weekly: WeeklyHours = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
  for (const code of settings.openingDays) weekly[(DAY_CODES.indexOf(code) + 1) % 7] = hours;
  return {
    weekly,
    timeZone: "Europe/London",
    city: townLine(settings),
    address: settings.postalAddress.trim() || townLine(settings),
  };
}

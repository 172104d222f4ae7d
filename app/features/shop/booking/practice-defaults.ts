import { site } from "~/content/site";
import type { WeeklyHours } from "./generate-slots";

/**
 * The practice's own facts that booking starts from: opening hours, time zone and where in-person
 * sessions happen. The one place booking reads them; at merge this can read the site settings.
 */
export function getPracticeDefaults(): { weekly: WeeklyHours; timeZone: "Europe/London"; city: string } {
  // Spec §9: Tuesday-Saturday 9am-6pm.
  const day = [{ start: "09:00", end: "18:00" }];
  return {
    weekly: { 0: [], 1: [], 2: day, 3: day, 4: day, 5: day, 6: day },
    timeZone: "Europe/London",
    city: site.city,
  };
}

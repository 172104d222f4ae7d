import { dateFormat } from "~/lib/date-format";
import type { SiteSettings, SiteSettingsField } from "./settings-schema";

export type { SiteSettings, SiteSettingsField };

/**
 * The practitioner's details as every page reads them: the shipped defaults and the facts derived
 * from them (opening hours, links, the seller of record). No zod here: the site's layout loads this
 * module on every page, while the schema that checks her form and the form's labels and checklist
 * (settings-schema.ts) load only in the admin area and on the server (issue 12, item 4).
 */

export const DAY_CODES = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
export type DayCode = (typeof DAY_CODES)[number];
export const DAY_NAMES: Record<DayCode, string> = {
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
  Su: "Sunday",
};

/** What the site shipped with: the spec's content and the placeholders the owner replaces. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  practitionerName: "Elena Rose",
  businessName: "Sacred Healing",
  email: "hello@example.com",
  phone: "+44 7700 900000",
  messagingNumber: "+44 7700 900000",
  town: "Bath",
  postalAddress: "",
  openingDays: ["Tu", "We", "Th", "Fr", "Sa"],
  opensAt: "09:00",
  closesAt: "18:00",
  facebookUrl: "https://www.facebook.com/example",
  instagramUrl: "https://www.instagram.com/example",
  tiktokUrl: "https://www.tiktok.com/@example",
  oilShopUrl: "https://shop.example.com/?ref=sacred-healing",
  oilReferralCode: "",
  appUrl: "https://app.example.com/",
  zytoVideoUrl: "https://www.youtube.com/watch?v=ZYTOEXPLAIN",
  mediaVideo1Url: "https://www.youtube.com/watch?v=ROMANIARTRT",
  mediaVideo2Url: "https://www.youtube.com/watch?v=STONEHENGE1",
  mediaVideo3Url: "https://www.youtube.com/watch?v=GLASTONTOR1",
  angelVideoUrl: "https://www.youtube.com/watch?v=ANGELLIGHT1",
  sellerLegalName: "Elena Rose",
  vatNumber: "",
};

// ---------------------------------------------------------------- derived facts, one place each

/** `9am`, `6pm`, `9:30am`. */
export function clock(value: string): string {
  const [h = 0, m = 0] = value.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""}${suffix}`;
}

/** Runs of consecutive days: Tu,We,Th,Fr,Sa → "Tuesday-Saturday"; Mo,We → "Monday, Wednesday". */
export function describeDays(days: readonly DayCode[]): string {
  const sorted = DAY_CODES.filter((code) => days.includes(code));
  const runs: DayCode[][] = [];
  for (const code of sorted) {
    const last = runs.at(-1);
    if (last && DAY_CODES.indexOf(last.at(-1) as DayCode) === DAY_CODES.indexOf(code) - 1) last.push(code);
    else runs.push([code]);
  }
  return runs
    .map((run) =>
      run.length > 2
        ? `${DAY_NAMES[run[0] as DayCode]}-${DAY_NAMES[run.at(-1) as DayCode]}`
        : run.map((c) => DAY_NAMES[c]).join(", "),
    )
    .join(", ");
}

/**
 * One opening period as schema.org and the hours line take it: the days that share the same hours.
 * Booking's availability produces these (the public hours follow what clients can book, decision 047).
 */
export type OpeningPeriod = { days: DayCode[]; opens: string; closes: string };

/** The zone name the UK's clocks show at an instant: "GMT" in winter, "BST" in summer. */
export function ukZoneName(at: Date): string {
  const name = dateFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "short" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return name === "BST" || name === "GMT" ? name : "UK time";
}

/**
 * The hours as the site writes them, "Tuesday-Saturday 9am-6pm GMT" (spec §2) in winter and "… BST"
 * in summer: days with the same hours grouped, groups with different hours joined by "; ".
 */
export function describeOpeningPeriods(periods: readonly OpeningPeriod[], at: Date): string {
  if (periods.length === 0) return "By appointment";
  const byDays = new Map<string, { days: DayCode[]; ranges: string[] }>();
  for (const period of periods) {
    const key = period.days.join(",");
    const group = byDays.get(key) ?? { days: period.days, ranges: [] };
    group.ranges.push(`${clock(period.opens)}-${clock(period.closes)}`);
    byDays.set(key, group);
  }
  const groups = [...byDays.values()].map((g) => `${describeDays(g.days)} ${g.ranges.join(", ")}`);
  return `${groups.join("; ")} ${ukZoneName(at)}`;
}

/** The settings' own hours as periods: what the site shows until booking's availability is read. */
export function settingsPeriods(s: Pick<SiteSettings, "openingDays" | "opensAt" | "closesAt">): OpeningPeriod[] {
  const days = DAY_CODES.filter((code) => s.openingDays.includes(code));
  return days.length ? [{ days, opens: s.opensAt, closes: s.closesAt }] : [];
}

/** The settings' hours, written for the moment `at` (the zone name follows the clocks). */
export function describeOpeningHours(
  s: Pick<SiteSettings, "openingDays" | "opensAt" | "closesAt">,
  at = new Date(),
): string {
  return describeOpeningPeriods(settingsPeriods(s), at);
}

/** The contact number as wa.me wants it: digits only, international. */
export function messagingDigits(s: Pick<SiteSettings, "messagingNumber">): string {
  const digits = s.messagingNumber.replace(/\D/g, "");
  // A UK number written nationally (07…) becomes 447…
  return digits.startsWith("0") ? `44${digits.slice(1)}` : digits;
}

export const messagingUrl = (s: Pick<SiteSettings, "messagingNumber">) => `https://wa.me/${messagingDigits(s)}`;
export const mailtoUrl = (s: Pick<SiteSettings, "email">) => `mailto:${s.email}`;
/** E.164 for tel: links and JSON-LD. */
export const telephone = (s: Pick<SiteSettings, "phone">) => {
  const digits = s.phone.replace(/\D/g, "");
  return digits.startsWith("0") ? `+44${digits.slice(1)}` : `+${digits}`;
};
export const townLine = (s: Pick<SiteSettings, "town">) => `${s.town}, United Kingdom`;

/** The seller of record (receipts, legal pages): the trader's legal name, trading name and address. */
export type SellerOfRecord = {
  legalName: string;
  tradingName: string;
  email: string;
  phone: string;
  /** The postal address, or the town when none has been entered. */
  address: string;
  vatNumber: string | null;
};

export function sellerOfRecord(s: SiteSettings): SellerOfRecord {
  return {
    legalName: s.sellerLegalName,
    tradingName: s.businessName,
    email: s.email,
    phone: s.phone,
    address: s.postalAddress || townLine(s),
    vatNumber: s.vatNumber || null,
  };
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The YouTube id of a watch or short link (for the embed and facade), or "" when there is none. */
export function youtubeId(url: string): string {
  let id: string | undefined;
  try {
    const parsed = new URL(url);
    if (parsed.hostname === "youtu.be") id = parsed.pathname.slice(1).split("/")[0];
    else id = parsed.searchParams.get("v") ?? parsed.pathname.match(/^\/(?:embed|shorts|live)\/([^/?#]+)/)?.[1];
  } catch {
    return "";
  }
  return id && YOUTUBE_ID.test(id) ? id : "";
}

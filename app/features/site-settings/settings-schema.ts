import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { DAY_CODES, DEFAULT_SITE_SETTINGS, youtubeId } from "./site-details";

/**
 * The practitioner's own details (issue 15, item 1): one form in the admin area, this one schema
 * shared by the browser and the server, with the form's labels and its placeholder checklist. What
 * the site, its e-mails, JSON-LD and legal pages say about the practice is read through
 * `site-details.ts` (the shipped `DEFAULT_SITE_SETTINGS` and the facts derived from them), which
 * every page loads and which therefore holds no zod (issue 12, item 4).
 */

export const settingsMessages = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  email: "Contact e-mail must be a valid e-mail address, such as name@yourdomain.co.uk.",
  https: (label: string) => `${label} must be a full https:// address.`,
  phone: (label: string) => `${label} may contain only digits, spaces, brackets, dashes and a leading +.`,
  time: (label: string) => `${label} must be a time such as 09:00.`,
  days: "Choose at least one opening day.",
  hours: "Closing time must be after opening time.",
  youtube: (label: string) => `${label} must be a YouTube link (https://www.youtube.com/… or https://youtu.be/…).`,
  saved: "Site settings saved.",
  invalid: "Please correct the highlighted fields.",
} as const;

/** Plain text: trimmed, spec §5 sanitised (no angle brackets or NUL), and limited in length. */
const text = (label: string, max = 200) =>
  z
    .string()
    .transform((value) => sanitiseText(value).trim())
    .pipe(z.string().min(1, settingsMessages.required(label)).max(max, settingsMessages.tooLong(label, max)));
const optionalText = (label: string, max = 200) =>
  z
    .string()
    .transform((value) => sanitiseText(value).trim())
    .pipe(z.string().max(max, settingsMessages.tooLong(label, max)));

const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .min(1, settingsMessages.required(label))
    .max(500, settingsMessages.tooLong(label, 500))
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.includes(".") && !/[<>"'\s]/.test(value);
      } catch {
        return false;
      }
    }, settingsMessages.https(label));

export const YOUTUBE_HOSTS = new Set(["www.youtube.com", "youtube.com", "m.youtube.com", "youtu.be"]);
/** A required `https://` YouTube watch or short link; songs (decision 035) use the same rule. */
export const youtubeUrl = (label: string) =>
  httpsUrl(label).refine((value) => {
    try {
      return YOUTUBE_HOSTS.has(new URL(value).hostname) && youtubeId(value) !== "";
    } catch {
      return false;
    }
  }, settingsMessages.youtube(label));

const phone = (label: string) =>
  z
    .string()
    .trim()
    .min(1, settingsMessages.required(label))
    .max(30, settingsMessages.tooLong(label, 30))
    .regex(/^\+?[0-9 ()-]+$/, settingsMessages.phone(label))
    .refine((value) => value.replace(/\D/g, "").length >= 7, settingsMessages.phone(label));

const time = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, settingsMessages.time(label));

export const siteSettingsSchema = z
  .object({
    practitionerName: text("Practitioner's name", 120),
    businessName: text("Business name", 120),
    email: z
      .string()
      .trim()
      .min(1, settingsMessages.required("Contact e-mail"))
      .max(254, settingsMessages.tooLong("Contact e-mail", 254))
      .pipe(z.email(settingsMessages.email)),
    phone: phone("Phone"),
    messagingNumber: phone("WhatsApp number"),
    town: text("Town", 80),
    postalAddress: optionalText("Postal address", 300),
    openingDays: z.array(z.enum(DAY_CODES)).min(1, settingsMessages.days),
    opensAt: time("Opening time"),
    closesAt: time("Closing time"),
    facebookUrl: httpsUrl("Facebook link"),
    instagramUrl: httpsUrl("Instagram link"),
    tiktokUrl: httpsUrl("TikTok link"),
    oilShopUrl: httpsUrl("Oil shop link"),
    oilReferralCode: optionalText("Referral code", 60),
    appUrl: httpsUrl("App link"),
    zytoVideoUrl: youtubeUrl("ZYTO video"),
    mediaVideo1Url: youtubeUrl("Media video 1"),
    mediaVideo2Url: youtubeUrl("Media video 2"),
    mediaVideo3Url: youtubeUrl("Media video 3"),
    angelVideoUrl: youtubeUrl("Angel gallery video"),
    sellerLegalName: text("Seller's legal name", 160),
    vatNumber: optionalText("VAT number", 20),
  })
  .refine((s) => s.opensAt < s.closesAt, { message: settingsMessages.hours, path: ["closesAt"] });

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsField = keyof SiteSettings;

/**
 * Fields whose shipped value is a stand-in (example.com, the Ofcom drama number, made-up video ids,
 * an empty postal address): the admin checklist lists each one still holding it.
 */
export const PLACEHOLDER_FIELDS = [
  "email",
  "phone",
  "messagingNumber",
  "postalAddress",
  "facebookUrl",
  "instagramUrl",
  "tiktokUrl",
  "oilShopUrl",
  "appUrl",
  "zytoVideoUrl",
  "mediaVideo1Url",
  "mediaVideo2Url",
  "mediaVideo3Url",
  "angelVideoUrl",
] as const satisfies readonly SiteSettingsField[];

/** The form's labels, in the order the form shows them. */
export const SETTINGS_LABELS: Record<SiteSettingsField, string> = {
  practitionerName: "Practitioner's name",
  businessName: "Business name",
  email: "Contact e-mail",
  phone: "Phone",
  messagingNumber: "WhatsApp number",
  town: "Town",
  postalAddress: "Postal address",
  openingDays: "Opening days",
  opensAt: "Opening time",
  closesAt: "Closing time",
  facebookUrl: "Facebook link",
  instagramUrl: "Instagram link",
  tiktokUrl: "TikTok link",
  oilShopUrl: "Oil shop link",
  oilReferralCode: "Referral code",
  appUrl: "App link",
  zytoVideoUrl: "ZYTO video",
  mediaVideo1Url: "Media video 1",
  mediaVideo2Url: "Media video 2",
  mediaVideo3Url: "Media video 3",
  angelVideoUrl: "Angel gallery video",
  sellerLegalName: "Seller's legal name",
  vatNumber: "VAT number",
};

/** The fields still holding a shipped stand-in, by label. */
export function placeholdersLeft(settings: SiteSettings): { field: SiteSettingsField; label: string }[] {
  return PLACEHOLDER_FIELDS.filter((field) => settings[field] === DEFAULT_SITE_SETTINGS[field]).map((field) => ({
    field,
    label: SETTINGS_LABELS[field],
  }));
}

/** A stored value merged over the defaults, so a field added later reads its default until saved. */
export function withDefaults(stored: unknown): SiteSettings {
  const merged = { ...DEFAULT_SITE_SETTINGS, ...(stored && typeof stored === "object" ? stored : {}) };
  const parsed = siteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

/** The posted form as the schema's input (checkbox days arrive as repeated fields). */
export function settingsFromForm(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of Object.keys(SETTINGS_LABELS) as SiteSettingsField[]) {
    values[field] = field === "openingDays" ? form.getAll(field).map(String) : String(form.get(field) ?? "");
  }
  return values;
}

import {
  DEFAULT_SITE_SETTINGS,
  describeOpeningHours,
  messagingDigits,
  type SiteSettings,
  sellerOfRecord,
  settingsPeriods,
  telephone,
  townLine,
  youtubeId,
} from "~/features/site-settings/site-details";

/**
 * Everything about the practice that appears across the site, in one shape. The values come from
 * the owner's site settings (decision 031); components get them with `useSite()`, meta functions
 * with `siteFrom(matches)`, server code from `getSiteSettings(db)`. Only the tagline and country
 * are fixed here.
 */
export function siteFacts(s: SiteSettings) {
  return {
    brand: s.businessName,
    tagline: "Holistic wellness, energy healing and sacred sound",
    practitioner: s.practitionerName,
    email: s.email,
    phoneDisplay: s.phone,
    telephone: telephone(s),
    /** The messaging app (WhatsApp) number, international format without spaces. */
    messagingNumber: messagingDigits(s),
    messagingDisplay: s.messagingNumber,
    city: townLine(s),
    locality: s.town,
    postalAddress: s.postalAddress,
    country: "GB",
    /**
     * The hours line and schema.org's periods. From the settings here; pages replace both with the
     * hours her booking availability sets (`withPublicHours`, decision 047), the one source.
     */
    hours: describeOpeningHours(s),
    openingHours: settingsPeriods(s),
    social: { facebook: s.facebookUrl, instagram: s.instagramUrl, tiktok: s.tiktokUrl },
    /** The oil brand's shop, reached through the practitioner's referral link. */
    oilShopUrl: s.oilShopUrl,
    oilReferralCode: s.oilReferralCode,
    /** The external app that /app forwards to. */
    appUrl: s.appUrl,
    videos: {
      zyto: youtubeId(s.zytoVideoUrl),
      media: [youtubeId(s.mediaVideo1Url), youtubeId(s.mediaVideo2Url), youtubeId(s.mediaVideo3Url)],
      angel: s.angelVideoUrl,
    },
    seller: sellerOfRecord(s),
  };
}

export type Site = ReturnType<typeof siteFacts>;

/** The shipped content, for places with no request (tests, the 404 page's meta before data). */
export const defaultSite: Site = siteFacts(DEFAULT_SITE_SETTINGS);

export const messagingUrl = (site: Site) => `https://wa.me/${site.messagingNumber}`;
export const mailtoUrl = (site: Site) => `mailto:${site.email}`;

/**
 * Everything about the practice that appears across the site, in one place. The values are
 * placeholders until the practitioner supplies real ones.
 */
export const site = {
  brand: "Sacred Healing",
  tagline: "Holistic wellness, energy healing and sacred sound",
  practitioner: "Elena Rose",
  email: "hello@example.com",
  /** The messaging app (WhatsApp) number, international format without spaces. */
  messagingNumber: "447700900000",
  messagingDisplay: "+44 7700 900000",
  city: "Bath, United Kingdom",
  locality: "Bath",
  country: "GB",
  hours: "Tuesday-Saturday 9am-6pm GMT",
  /** schema.org openingHours form of the hours above. */
  openingHours: "Tu-Sa 09:00-18:00",
  social: {
    facebook: "https://www.facebook.com/example",
    instagram: "https://www.instagram.com/example",
    tiktok: "https://www.tiktok.com/@example",
  },
  /** The oil brand's shop, reached through the practitioner's referral link. */
  oilShopUrl: "https://shop.example.com/?ref=sacred-healing",
  /** The external app that /app forwards to. */
  appUrl: "https://app.example.com/",
} as const;

export type Site = typeof site;

export const messagingUrl = `https://wa.me/${site.messagingNumber}`;
export const mailtoUrl = `mailto:${site.email}`;

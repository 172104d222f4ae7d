import type { Site } from "~/content/site";
import { DEFAULT_OG_IMAGE } from "~/lib/seo";
import type { AppServices } from "~/lib/services.server";
import { getShownSite } from "./get-site-settings.server";
import { DAY_CODES, DAY_NAMES, type DayCode } from "./site-details";

/**
 * The practice's schema.org description, for the pages that carry it (home, contact), built here
 * and sent with the page's data: only search engines read it, so browsers are not sent the code.
 * With the database away, the details the frame shows.
 */
export async function practiceJsonLdFor({ env, database }: AppServices, hours?: Pick<Site, "hours" | "openingHours">) {
  const site = await getShownSite(database.db);
  return practiceJsonLd(env.PUBLIC_URL, hours ? { ...site, ...hours } : site);
}

/** schema.org's day ranges: Tu,We,Th,Fr,Sa → "Tu-Sa"; Mo,We,Th → "Mo,We-Th". */
function dayRanges(days: readonly DayCode[]): string {
  const runs: DayCode[][] = [];
  for (const code of DAY_CODES.filter((c) => days.includes(c))) {
    const last = runs.at(-1);
    if (last && DAY_CODES.indexOf(last.at(-1) as DayCode) === DAY_CODES.indexOf(code) - 1) last.push(code);
    else runs.push([code]);
  }
  return runs.map((run) => (run.length > 1 ? `${run[0]}-${run.at(-1)}` : run[0])).join(",");
}

/** schema.org: the practice as a local health-and-beauty business, with hours and contact. */
export function practiceJsonLd(origin: string, site: Site) {
  return {
    "@context": "https://schema.org",
    "@type": "HealthAndBeautyBusiness",
    "@id": `${origin}/#practice`,
    name: site.brand,
    description: site.tagline,
    url: `${origin}/`,
    image: `${origin}${DEFAULT_OG_IMAGE.path}`,
    email: site.email,
    telephone: site.telephone,
    founder: { "@type": "Person", name: site.practitioner },
    address: {
      "@type": "PostalAddress",
      ...(site.postalAddress ? { streetAddress: site.postalAddress } : {}),
      addressLocality: site.locality,
      addressCountry: site.country,
    },
    areaServed: "GB",
    currenciesAccepted: "GBP",
    // schema.org reads these times as local time at the address (the UK's), so no zone is written.
    openingHours: site.openingHours.map((p) => `${dayRanges(p.days)} ${p.opens}-${p.closes}`),
    openingHoursSpecification: site.openingHours.map((p) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: p.days.map((code) => DAY_NAMES[code]),
      opens: p.opens,
      closes: p.closes,
    })),
    sameAs: Object.values(site.social),
  };
}

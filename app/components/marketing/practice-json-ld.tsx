import { useNonce } from "~/components/nonce";
import type { Site } from "~/content/site";
import { DAY_CODES, DAY_NAMES, type DayCode } from "~/features/site-settings/site-details";
import { useSite } from "~/features/site-settings/use-site";
import { DEFAULT_OG_IMAGE } from "~/lib/seo";

/** schema.org description of the practice, for search engines (the only inline script we send). */
export function PracticeJsonLd({ origin }: { origin: string }) {
  const nonce = useNonce();
  const site = useSite();
  // `<` is escaped so no text in the content can close the script element.
  const json = JSON.stringify(practiceJsonLd(origin, site)).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; it is escaped above
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
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
  const dayOfWeek = site.openingDays.map((code) => DAY_NAMES[code]);
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
    openingHours: `${dayRanges(site.openingDays)} ${site.opensAt}-${site.closesAt}`,
    openingHoursSpecification: [
      { "@type": "OpeningHoursSpecification", dayOfWeek, opens: site.opensAt, closes: site.closesAt },
    ],
    sameAs: Object.values(site.social),
  };
}

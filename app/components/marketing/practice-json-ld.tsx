import { useNonce } from "~/components/nonce";
import { useSite } from "~/features/site-settings/use-site";
import { practiceJsonLd } from "~/lib/seo";

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

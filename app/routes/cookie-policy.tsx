import { LegalPage } from "~/components/marketing/legal-page";
import { buttonClass } from "~/components/ui/button";
import { cookiePolicy as legalDocument } from "~/content/legal/cookie-policy";
import { resetConsent } from "~/features/consent/consent";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const document = legalDocument(siteFrom(matches));
  return pageMeta({
    title: document.title,
    description: document.description,
    path: "/cookie-policy",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });
};

export default function Page() {
  const document = legalDocument(useSite());
  return (
    <LegalPage document={document}>
      <button type="button" onClick={resetConsent} className={buttonClass("primary", "mt-4")}>
        Cookie Settings
      </button>
    </LegalPage>
  );
}

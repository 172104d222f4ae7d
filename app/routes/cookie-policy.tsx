import { LegalPage } from "~/components/marketing/legal-page";
import { cookiePolicy as document } from "~/content/legal/cookie-policy";
import { resetConsent } from "~/features/consent/consent";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: document.title,
    description: document.description,
    path: "/cookie-policy",
    origin: originFrom(matches),
  });

export default function Page() {
  return (
    <LegalPage document={document}>
      <button type="button" onClick={resetConsent} className="btn-primary mt-4">
        Cookie Settings
      </button>
    </LegalPage>
  );
}

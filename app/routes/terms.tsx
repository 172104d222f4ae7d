import { LegalPage } from "~/components/marketing/legal-page";
import { terms as legalDocument } from "~/content/legal/terms";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => {
  const document = legalDocument(siteFrom(matches));
  return pageMeta({
    title: document.title,
    description: document.description,
    path: "/terms",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });
};

export default function Page() {
  const document = legalDocument(useSite());
  return <LegalPage document={document} />;
}

import { LegalPage } from "~/components/marketing/legal-page";
import { disclaimer as legalDocument } from "~/content/legal/disclaimer";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/disclaimer";

export const meta: Route.MetaFunction = ({ matches }) => {
  const document = legalDocument(siteFrom(matches));
  return pageMeta({
    title: document.title,
    description: document.description,
    path: "/disclaimer",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });
};

export default function Page() {
  const document = legalDocument(useSite());
  return <LegalPage document={document} />;
}

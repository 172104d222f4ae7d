import { LegalPage } from "~/components/marketing/legal-page";
import { privacy as legalDocument } from "~/content/legal/privacy";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const document = legalDocument(siteFrom(matches));
  return pageMeta({
    title: document.title,
    description: document.description,
    path: "/privacy",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });
};

export default function Page() {
  const document = legalDocument(useSite());
  return <LegalPage document={document} />;
}

import { LegalPage } from "~/components/marketing/legal-page";
import { refundPolicy as document } from "~/content/legal/refund-policy";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/refund";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: document.title, description: document.description, path: "/refund", origin: originFrom(matches) });

export default function Page() {
  return <LegalPage document={document} />;
}

import { LegalPage } from "~/components/marketing/legal-page";
import { terms as document } from "~/content/legal/terms";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: document.title, description: document.description, path: "/terms", origin: originFrom(matches) });

export default function Page() {
  return <LegalPage document={document} />;
}

import { LegalPage } from "~/components/marketing/legal-page";
import { privacy as document } from "~/content/legal/privacy";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: document.title, description: document.description, path: "/privacy", origin: originFrom(matches) });

export default function Page() {
  return <LegalPage document={document} />;
}

import { LegalPage } from "~/components/marketing/legal-page";
import { disclaimer as document } from "~/content/legal/disclaimer";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/disclaimer";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: document.title,
    description: document.description,
    path: "/disclaimer",
    origin: originFrom(matches),
  });

export default function Page() {
  return <LegalPage document={document} />;
}

import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cookie Policy",
    description: "How this website uses cookies.",
    path: "/cookie-policy",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Cookie Policy" intro="How this website uses cookies." />;
}

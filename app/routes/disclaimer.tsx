import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/disclaimer";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Disclaimer",
    description: "Important information about the nature of our services.",
    path: "/disclaimer",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Disclaimer" intro="Important information about the nature of our services." />;
}

import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/aromatherapy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Aromatherapy",
    description: "Essential oils for relaxation and everyday wellbeing.",
    path: "/aromatherapy",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Aromatherapy" intro="Essential oils for relaxation and everyday wellbeing." />;
}

import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reiki";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Energy Healing",
    description: "Reiki energy healing sessions for relaxation and wellbeing.",
    path: "/reiki",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Energy Healing" intro="Reiki energy healing sessions for relaxation and wellbeing." />;
}

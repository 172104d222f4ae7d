import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sacred Healing",
    description: "Holistic wellness with Reiki energy healing, ZYTO scans, aromatherapy and sacred sound.",
    path: "/",
    origin: originFrom(matches),
  });

export default function Page() {
  return (
    <PageHero
      title="Sacred Healing"
      intro="Holistic wellness with Reiki energy healing, ZYTO scans, aromatherapy and sacred sound."
    />
  );
}

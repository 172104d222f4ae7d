import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sacred Digital Library",
    description: "Digital guides, video courses and audio for your wellbeing.",
    path: "/products",
    origin: originFrom(matches),
  });

export default function Page() {
  return (
    <PageHero title="Sacred Digital Library" intro="Digital guides, video courses and audio for your wellbeing." />
  );
}

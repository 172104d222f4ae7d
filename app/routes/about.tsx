import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About",
    description: "The story and training of the practitioner behind Sacred Healing.",
    path: "/about",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="About" intro="The story and training of the practitioner behind Sacred Healing." />;
}

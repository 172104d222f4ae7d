import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/music";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sacred Songs",
    description: "Songs for meditation, reflection and rest.",
    path: "/music",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Sacred Songs" intro="Songs for meditation, reflection and rest." />;
}

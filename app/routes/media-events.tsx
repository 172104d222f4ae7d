import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/media-events";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Media & Events",
    description: "Videos, galleries and upcoming events.",
    path: "/media-events",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Media & Events" intro="Videos, galleries and upcoming events." />;
}

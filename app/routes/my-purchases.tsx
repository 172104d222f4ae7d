import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-purchases";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "My Sacred Downloads",
    description: "Your purchases and downloads.",
    path: "/my-purchases",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="My Sacred Downloads" intro="Your purchases and downloads." />;
}

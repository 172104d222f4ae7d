import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Product Management",
    description: "Manage the product catalogue.",
    path: "/admin",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Product Management" intro="Manage the product catalogue." />;
}

import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms and Conditions",
    description: "The terms for using this website and our services.",
    path: "/terms",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Terms and Conditions" intro="The terms for using this website and our services." />;
}

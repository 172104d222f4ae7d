import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign In",
    description: "Sign in or create an account.",
    path: "/auth",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Sign In" intro="Sign in or create an account." />;
}

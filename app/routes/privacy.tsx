import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy",
    description: "How we collect and use your personal data under UK GDPR.",
    path: "/privacy",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Privacy Policy" intro="How we collect and use your personal data under UK GDPR." />;
}

import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/refund";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Refund Policy",
    description: "Cancellations and refunds for sessions and digital products.",
    path: "/refund",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Refund Policy" intro="Cancellations and refunds for sessions and digital products." />;
}

import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/zyto";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "ZYTO Scan",
    description: "ZYTO bioenergetic scans for wellness insights.",
    path: "/zyto",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="ZYTO Scan" intro="ZYTO bioenergetic scans for wellness insights." />;
}

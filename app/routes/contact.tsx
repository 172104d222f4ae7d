import { PageHero } from "~/components/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact",
    description: "Get in touch to book a session or ask a question.",
    path: "/contact",
    origin: originFrom(matches),
  });

export default function Page() {
  return <PageHero title="Contact" intro="Get in touch to book a session or ask a question." />;
}

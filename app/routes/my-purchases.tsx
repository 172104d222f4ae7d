import { PageHero } from "~/components/layout/page-hero";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-purchases";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "My Sacred Downloads",
    description: "Your purchases and downloads.",
    path: "/my-purchases",
    origin: originFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context.get(servicesContext));
  return null;
}

export default function Page() {
  return <PageHero title="My Sacred Downloads" intro="Your purchases and downloads." />;
}

import { PageHero } from "~/components/layout/page-hero";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [
  { title: "Product Management | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.get(servicesContext));
  return null;
}

export default function Page() {
  return <PageHero title="Product Management" intro="Manage the product catalogue." />;
}

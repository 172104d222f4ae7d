import { data } from "react-router";
import { NotFoundPage } from "~/layout/refused-request";
import { servicesContext } from "~/lib/context";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.get(servicesContext).logger.warn({ path }, "page not found");
  // No data of the address: every unknown address shares one cached 404 page (decision 043).
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Page not found", description: "This page does not exist.", path: "/404" }),
  { name: "robots", content: "noindex" },
];

export default NotFoundPage;

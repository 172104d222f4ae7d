import { data, Link } from "react-router";
import { servicesContext } from "~/lib/context";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.get(servicesContext).logger.warn({ path }, "page not found");
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Page not found", description: "This page does not exist.", path: "/404" }),
  { name: "robots", content: "noindex" },
];

export function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="font-serif text-7xl text-plum-700">404</p>
      <h1 className="mt-4 text-2xl">Oops! Page not found</h1>
      <Link to="/" className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}

export default NotFound;

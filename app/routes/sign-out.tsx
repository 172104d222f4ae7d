import { redirect } from "react-router";
import { signOutEverywhere } from "~/features/accounts/sign-out.server";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/sign-out";

/** 'Sign Out': every session of the user ends, and the browser lands on /auth whatever happened. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOutEverywhere(context.get(servicesContext), request);
  return redirect("/auth", { headers });
}

export function loader() {
  return redirect("/");
}

import { redirect } from "react-router";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { manageMembership } from "~/features/shop/manage-membership.server";
import { servicesContext } from "~/lib/context";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { formatLongDate } from "~/lib/format-date";
import type { Route } from "./+types/membership-manage";

/** POST /membership/manage: Stripe's customer portal, or (demo) cancel at the end of the period or resume. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  // 'resume' turns renewal back on (demo); anything else is the cancel/portal button of before.
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent") === "resume" ? "resume" : "cancel";
  const result = await manageMembership(services, account, intent);
  if (result.kind === "portal") return redirect(result.url);
  const flash = (title: string, description: string) =>
    setFlash({ title, description, variant: "default" }, flashOptions(services.env));
  const cookie =
    result.kind === "resumed"
      ? await flash(
          "Membership resumed",
          `Your Digital Access renews${result.renewsOn ? ` on ${formatLongDate(result.renewsOn)}` : ""}.`,
        )
      : result.kind === "cancelled"
        ? await flash(
            "Membership cancelled",
            `Your Digital Access continues until ${result.endsAt ? formatLongDate(result.endsAt) : "the end of the paid period"}.`,
          )
        : await flash("No active membership", "There is no membership to manage.");
  return redirect("/my-purchases", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/my-purchases");
}

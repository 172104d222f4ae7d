import { eq } from "drizzle-orm";
import { data, Form, Link } from "react-router";
import { leaveLinkOf } from "~/features/shop/renewal/leave-link.server";
import { leaveMembership } from "~/features/shop/renewal/leave-membership.server";
import { servicesContext } from "~/lib/context";
import { subscribers } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/membership-leave";

export const meta: Route.MetaFunction = () => [{ title: "End My Membership" }, { name: "robots", content: "noindex" }];

const INVALID =
  "This link has expired or is not valid. Sign in and choose 'Manage membership' in My Sacred Downloads to end your membership.";

/**
 * The one-click exit of a renewal reminder (decision 050): the signed link opens this page, and its
 * one button ends the membership, without signing in. A GET never ends it: mail scanners open links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const email = leaveLinkOf(services.env.AUTH_SECRET, url.searchParams);
  if (!email) throw data(INVALID, { status: 400 });
  const [member] = await services.database.db.select().from(subscribers).where(eq(subscribers.email, email));
  return {
    email,
    link: Object.fromEntries(url.searchParams),
    active: Boolean(member?.subscribed && !member.cancelAtPeriodEnd),
    until: member?.subscriptionEnd ? formatLongDate(member.subscriptionEnd) : null,
    left: null as string | null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const email = leaveLinkOf(services.env.AUTH_SECRET, form);
  if (!email) throw data(INVALID, { status: 400 });
  const result = await leaveMembership(services, email);
  return {
    left:
      result.kind === "left"
        ? `Your Digital Access membership is ended and will not renew. Your access continues until ${result.accessUntil ? formatLongDate(result.accessUntil) : "the end of the month you have paid for"}, and you will not be charged again.`
        : "There is no active membership to end.",
  };
}

export default function LeaveMembership({ loaderData, actionData }: Route.ComponentProps) {
  const { email, link, active, until } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 pt-12 pb-20 sm:px-6">
      <h1 className="text-4xl">End My Membership</h1>
      {actionData?.left ? (
        <p role="status" className="mt-6 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900">
          {actionData.left}
        </p>
      ) : active ? (
        <Form method="post" className="mt-6">
          <p className="text-lg">
            End the Digital Access membership of <span className="font-semibold break-all">{email}</span>? It will not
            renew; your access continues until {until ?? "the end of the month you have paid for"}.
          </p>
          {Object.entries(link).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn mt-6 bg-red-700 text-white hover:bg-red-800">
            End my membership
          </button>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-lg">
          This membership is not renewing{until ? `: access continues until ${until}` : ""}. There is nothing more to
          do.
        </p>
      )}
      <p className="mt-8">
        <Link to="/my-purchases" className="font-semibold text-plum-800 underline">
          My Sacred Downloads
        </Link>
      </p>
    </div>
  );
}

import { Link } from "react-router";
import { cardClass } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { AdminNav } from "~/features/admin/admin-nav";
import { requireAdminList } from "~/features/admin/require-admin-list.server";
import { listMembers } from "~/features/shop/list-members.server";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { pageCount } from "~/lib/pagination";
import type { Route } from "./+types/admin-members";

export const meta: Route.MetaFunction = () => [
  { title: "Members | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { page } = await requireAdminList(request, services);
  const list = await listMembers(services.database.db, page);
  return {
    ...list,
    members: list.members.map((m) => ({ ...m, periodEndDate: m.periodEnd ? formatLongDate(m.periodEnd) : null })),
    page,
    pages: pageCount(list.total, list.pageSize),
  };
}

const STATUS_STYLE = {
  Active: "bg-green-100 text-green-900",
  "Ends at period end": "bg-gold-300/40 text-plum-900",
  Ended: "bg-plum-100 text-plum-800",
} as const;

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { members, live, page, pages } = loaderData;
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Members</h1>
        <p className="mt-1 text-muted">
          {live === 1 ? "1 active Digital Access member" : `${live} active Digital Access members`}.
        </p>
        <p className="mt-2 text-sm">
          <Link to="/admin/close-account" className="underline">
            Close a client's account at their request
          </Link>
        </p>
        {members.length === 0 ? (
          <p className={cardClass("mt-8 p-8 text-center text-muted")}>No members yet.</p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Members">
            {members.map((member) => (
              <li key={member.email} className={cardClass("flex flex-wrap items-center justify-between gap-3 p-5")}>
                <div className="min-w-0">
                  <p className="font-semibold break-all">{member.email}</p>
                  <p className="text-sm text-muted">
                    {member.name ?? "No account"}
                    {member.provider ? ` · ${member.provider}` : ""}
                  </p>
                </div>
                <div className="sm:text-right">
                  <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLE[member.status]}`}>
                    {member.status}
                  </span>
                  <p className="mt-1 text-sm text-muted">
                    {member.periodEndDate
                      ? `${member.status === "Active" ? "Renews" : member.status === "Ended" ? "Ended" : "Ends"} ${member.periodEndDate}`
                      : "No period end"}
                  </p>
                  {member.name ? (
                    <Link
                      to={`/admin/close-account?email=${encodeURIComponent(member.email)}`}
                      className="mt-1 inline-block text-sm text-plum-700 underline"
                    >
                      Close account<span className="sr-only"> of {member.email}</span>
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination path="/admin/members" page={page} pageCount={pages} label="Member pages" />
      </div>
    </>
  );
}

import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { AdminNav } from "~/features/admin/admin-nav";
import { requireAdminList } from "~/features/admin/require-admin-list.server";
import { listClients } from "~/features/clients/list-clients.server";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { pageCount } from "~/lib/pagination";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-clients";

export const meta: Route.MetaFunction = () => [
  { title: "Clients | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

const searchSchema = z
  .string()
  .trim()
  .max(200, "A search is at most 200 characters.")
  .refine((v) => !v.includes("\0"), "A search cannot hold a null character.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { page, url } = await requireAdminList(request, services);
  const parsed = searchSchema.safeParse(url.searchParams.get("q") ?? "");
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Invalid search.", { status: 400 });
  const q = parsed.data;
  const list = await listClients(services.database.db, { q, page });
  return {
    q,
    page,
    total: list.total,
    pages: pageCount(list.total, list.pageSize),
    clients: list.clients.map((c) => ({ ...c, joined: formatLongDate(c.createdAt) })),
  };
}

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  const { q, page, pages, total, clients } = loaderData;
  const path = q ? `/admin/clients?q=${encodeURIComponent(q)}` : "/admin/clients";
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Clients</h1>
        <p className="mt-1 text-muted">
          {q
            ? `${total === 1 ? "1 client matches" : `${total} clients match`} “${q}”.`
            : total === 1
              ? "1 client."
              : `${total} clients.`}
        </p>
        <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor="client-search" className="block text-sm font-semibold text-plum-900">
              Search by name or e-mail
            </label>
            <input
              id="client-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              className="mt-1 block w-full rounded-lg border border-plum-200 bg-white px-3 py-2 shadow-sm focus:border-plum-500 focus:outline-2 focus:outline-plum-500"
            />
          </div>
          <button type="submit" className={buttonClass("primary")}>
            Search
          </button>
          {q ? (
            <Link to="/admin/clients" className={buttonClass("secondary")}>
              Clear
            </Link>
          ) : null}
        </Form>
        {clients.length === 0 ? (
          <p className={cardClass("mt-8 p-8 text-center text-muted")}>
            {q ? "No client matches this search." : "No clients yet."}
          </p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Clients">
            {clients.map((client) => (
              <li key={client.id}>
                <Link
                  to={`/admin/clients/${client.id}`}
                  className={cardClass("flex flex-wrap items-center justify-between gap-3 p-5 hover:border-plum-300")}
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-plum-900">{client.name}</span>
                    <span className="block text-sm break-all text-muted">{client.email}</span>
                  </span>
                  <span className="text-sm sm:text-right">
                    <span
                      className={`rounded-full px-3 py-1 text-xs font-semibold ${client.hasIntake ? "bg-green-100 text-green-900" : "bg-plum-100 text-plum-800"}`}
                    >
                      {client.hasIntake ? "Intake answered" : "No intake"}
                    </span>
                    <span className="mt-1 block text-muted">Joined {client.joined}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination path={path} page={page} pageCount={pages} label="Client pages" />
      </div>
    </>
  );
}

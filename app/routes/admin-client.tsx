/**
 * One client's record (decision 046). The route composes three features: client records (contact,
 * intake, consents, notes, access log), booking (her sessions, packages and credits, read through
 * My Sessions' own query) and the shop (her orders and membership). No feature imports another for it.
 */
import { data, Link, useActionData, useNavigation } from "react-router";
import { cardClass } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { placeLabel } from "~/features/booking/booking-model";
import { listMySessions } from "~/features/booking/list-sessions.server";
import { addClientNote } from "~/features/clients/add-client-note.server";
import { ACCESS_ACTION_LABELS, ACCESS_SUBJECT_LABELS, CONSENT_KIND_LABELS } from "~/features/clients/clients-model";
import { deleteClientNote } from "~/features/clients/delete-client-note.server";
import { editClientNote } from "~/features/clients/edit-client-note.server";
import { getClient } from "~/features/clients/get-client.server";
import { getIntakeStatus } from "~/features/clients/get-intake-status.server";
import { listClientConsents } from "~/features/clients/list-client-consents.server";
import { listClientNotes } from "~/features/clients/list-client-notes.server";
import { listHealthAccess } from "~/features/clients/list-health-access.server";
import { actorOf } from "~/features/clients/log-health-access.server";
import { noteBody } from "~/features/clients/note-schema";
import { readIntakeAnswers } from "~/features/clients/read-intake-answers.server";
import { ClientNotes } from "~/features/clients/ui/client-notes";
import { getMembership } from "~/features/shop/get-membership.server";
import { getPaymentProvider } from "~/features/shop/get-payment-provider.server";
import { listOrders } from "~/features/shop/list-orders.server";
import { servicesContext } from "~/lib/context";
import { formatLastDay, formatLongDate } from "~/lib/format-date";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { orderTotalText, refundedText } from "~/lib/order-total";
import { z } from "~/lib/zod";
import { describeInstant, formatSessionTime } from "~/lib/zoned-time";
import type { Route } from "./+types/admin-client";

/** Account ids are Better Auth's (letters, digits, - and _); anything else names no client. */
const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** When a consent was given or a note written, as a record of it reads: the zone said. */
const when = (iso: string) => formatSessionTime(new Date(iso));

/** A log line's time, short enough for a column: '25 Nov 2026, 19:07' (UK time). */
const shortWhen = (iso: string) => {
  const instant = new Date(iso);
  const date = instant.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Europe/London",
  });
  return `${date}, ${describeInstant(instant).time}`;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const admin = await requireAdmin(request, services);
  const clientId = clientIdSchema.safeParse(params.clientId);
  const { db } = services.database;
  const client = clientId.success ? await getClient(db, clientId.data) : null;
  if (!client) throw data("No such client.", { status: 404 });
  const actor = actorOf(admin);
  const sessions = await listMySessions(services, client.id);
  const orders = await listOrders(db, {
    page: 1,
    provider: getPaymentProvider(services).name,
    filter: { q: client.email, status: "all" },
  });
  const membership = await getMembership(db, client.email);
  const status = await getIntakeStatus(services, client.id);
  const intake = await readIntakeAnswers(services, {
    clientId: client.id,
    actor,
    purpose: "Opened the client's record",
  });
  const notes = await listClientNotes(services, { clientId: client.id, actor, purpose: "Opened the client's record" });
  const consents = await listClientConsents(db, client.id);
  // Read last, so it shows the reads this page just made.
  const log = await listHealthAccess(db, client.id);
  const session = (s: (typeof sessions.upcoming)[number]) => ({
    id: s.id,
    title: s.serviceTitle,
    when: formatSessionTime(new Date(s.startsAt)),
    place: placeLabel(s.place),
    status:
      s.status === "cancelled"
        ? "Cancelled"
        : s.attendance === "attended"
          ? "Attended"
          : s.attendance === "no_show"
            ? "Missed"
            : new Date(s.endsAt) > new Date()
              ? "Booked"
              : "Completed",
    fromPackage: s.fromPackage,
  });
  return {
    client: { ...client, joined: formatLongDate(client.joinedAt) },
    intake: intake
      ? { version: intake.formVersion, updated: formatLongDate(intake.updatedAt), lines: intake.lines }
      : null,
    status,
    consents: consents.map((c) => ({
      ...c,
      label: CONSENT_KIND_LABELS[c.kind],
      given: when(c.givenAt),
      withdrawn: c.withdrawnAt ? when(c.withdrawnAt) : null,
    })),
    notes: notes.map((n) => ({
      ...n,
      created: when(n.createdAt),
      edited:
        n.updatedAt !== n.createdAt && Date.parse(n.updatedAt) - Date.parse(n.createdAt) > 1000
          ? when(n.updatedAt)
          : null,
    })),
    upcoming: sessions.upcoming.map(session),
    past: sessions.past.map(session),
    packages: sessions.packages.map((p) => ({
      id: p.id,
      title: p.title,
      sessions: p.sessions,
      remaining: p.remaining,
      refunded: p.refunded,
      lastDay: formatLastDay(p.expiresAt),
      expires: formatLongDate(p.expiresAt),
      expired: p.expired,
    })),
    orders: orders.orders
      .filter((o) => o.email === client.email)
      .map((o) => ({
        id: o.id,
        date: formatLongDate(o.createdAt),
        status: o.status,
        total: orderTotalText(o.totalCents, o.voucherCents),
        // The lines' refunds count what went back on a gift voucher too; `refundedCents` only money.
        refunded: refundedText(
          o.refundedCents,
          o.lines.reduce((sum, line) => sum + line.refundedCents, 0) - o.refundedCents,
        ),
        titles: o.lines.map((line) => line.title),
      })),
    membership: {
      active: membership.subscribed,
      end: membership.subscription_end ? formatLongDate(membership.subscription_end) : null,
      cancelAtPeriodEnd: membership.cancel_at_period_end,
      known: membership.provider !== null,
    },
    log: log.map((line) => ({
      ...line,
      when: shortWhen(line.at),
      what: `${ACCESS_ACTION_LABELS[line.action]} ${ACCESS_SUBJECT_LABELS[line.subject]}`,
    })),
  };
}

const noteId = reference(z.uuid(), "That note no longer exists. Please reload the page.");

/** The page's forms, for the client in its address. */
const intentsFor = (clientId: string) => ({
  "add-note": intent({
    schema: z.object({ body: noteBody }),
    title: "Note",
    handler: async ({ body }, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      await addClientNote(services, { clientId, actor: actorOf(admin), body });
      return { redirectTo: `/admin/clients/${clientId}#notes`, toast: { title: "Note added" } };
    },
  }),
  "edit-note": intent({
    schema: z.object({ noteId, body: noteBody }),
    title: "Note",
    handler: async ({ noteId, body }, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      await editClientNote(services, { clientId, noteId, actor: actorOf(admin), body });
      return { redirectTo: `/admin/clients/${clientId}#notes`, toast: { title: "Note saved" } };
    },
  }),
  "delete-note": intent({
    schema: z.object({ noteId }),
    title: "Note",
    handler: async ({ noteId }, { request, services }) => {
      const admin = await requireAdminWrite(request, services);
      await deleteClientNote(services, { clientId, noteId, actor: actorOf(admin) });
      return { redirectTo: `/admin/clients/${clientId}#notes`, toast: { title: "Note deleted" } };
    },
  }),
});

export const action = ({ request, params, context }: Route.ActionArgs) => {
  const clientId = clientIdSchema.safeParse(params.clientId);
  if (!clientId.success) throw data("No such client.", { status: 404 });
  return runIntent(request, context.get(servicesContext), intentsFor(clientId.data), { guard: requireAdminWrite });
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.client.name ?? "Client"} | Clients | Sacred Healing` },
  { name: "robots", content: "noindex" },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className={cardClass("scroll-mt-24 p-4 sm:p-6")}>
      <h2 id={`${id}-heading`} className="text-2xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

type SessionRow = Route.ComponentProps["loaderData"]["upcoming"][number];

function SessionList({ sessions, empty }: { sessions: SessionRow[]; empty: string }) {
  if (sessions.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-plum-100">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap justify-between gap-2 py-3">
          <span className="min-w-0">
            <span className="block font-semibold">{s.title}</span>
            <span className="block text-sm text-muted">
              {s.when} · {s.place}
              {s.fromPackage ? " · from a package" : ""}
            </span>
          </span>
          <span className="text-sm font-semibold">{s.status}</span>
        </li>
      ))}
    </ul>
  );
}

export default function AdminClient({ loaderData }: Route.ComponentProps) {
  const { client, intake, status, consents, notes, upcoming, past, packages, orders, membership, log } = loaderData;
  const actionData = useActionData<typeof action>();
  useActionToast(actionData);
  const addRefused = refusalOf(actionData, "add-note");
  const editRefused = refusalOf(actionData, "edit-note");
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl space-y-6 px-4 pt-10 pb-20 sm:px-6">
        <p>
          <Link to="/admin/clients" className="text-sm underline">
            ← All clients
          </Link>
        </p>
        <h1 className="text-4xl break-words">{client.name}</h1>

        <Section id="contact" title="Contact details">
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${client.email}`} className="underline">
                {client.email}
              </a>
              {client.emailVerified ? "" : " (not confirmed)"}
            </dd>
            <dt className="font-semibold">Joined</dt>
            <dd>{client.joined}</dd>
            <dt className="font-semibold">Membership</dt>
            <dd>
              {membership.active
                ? `Digital Access member${membership.end ? `, ${membership.cancelAtPeriodEnd ? "ends" : "renews"} ${membership.end}` : ""}`
                : membership.known
                  ? `Not a member now${membership.end ? ` (ended ${membership.end})` : ""}`
                  : "Not a member"}
            </dd>
          </dl>
        </Section>

        <Section id="intake" title="Intake answers and consent">
          {intake ? (
            <>
              <p className="text-sm text-muted">
                Answered {intake.updated}, form version {intake.version}
                {status.current
                  ? "."
                  : ` (the form is now at version ${status.formVersion}: they will be asked again).`}
              </p>
              <dl className="mt-4 space-y-3">
                {intake.lines.map((line) => (
                  <div key={line.id}>
                    <dt className="text-sm font-semibold text-plum-900">{line.label}</dt>
                    <dd className="whitespace-pre-line">
                      {line.answer || <span className="text-muted">Not answered</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className="text-muted">No intake answers. The client is asked for them before their next booking.</p>
          )}
          <h3 className="mt-6 text-lg">Consents</h3>
          {consents.length === 0 ? (
            <p className="mt-1 text-muted">None recorded.</p>
          ) : (
            <ul className="mt-2 space-y-3">
              {consents.map((c) => (
                <li key={c.id} className="rounded-lg border border-plum-100 p-3 text-sm">
                  <p className="font-semibold">
                    {c.label}: given {c.given}
                    {c.withdrawn ? `, withdrawn ${c.withdrawn}` : ""}
                  </p>
                  {c.context ? <p className="text-muted">For {c.context}</p> : null}
                  <p className="mt-1 text-muted">“{c.wording}”</p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="notes" title="Private notes">
          <ClientNotes notes={notes} addRefused={addRefused} editRefused={editRefused} busy={busy} />
        </Section>

        <Section id="sessions" title="Sessions">
          <h3 className="text-lg">Coming up</h3>
          <SessionList sessions={upcoming} empty="No sessions booked." />
          <h3 className="mt-6 text-lg">Past and cancelled</h3>
          <SessionList sessions={past} empty="No earlier sessions." />
        </Section>

        <Section id="packages" title="Packages and credits">
          {packages.length === 0 ? (
            <p className="text-muted">No packages.</p>
          ) : (
            <ul className="divide-y divide-plum-100">
              {packages.map((p) => (
                <li key={p.id} className="py-3">
                  <p className="font-semibold">{p.title}</p>
                  <p className="text-sm text-muted">
                    {p.remaining} of {p.sessions} sessions left to book
                    {p.refunded ? ` · ${p.refunded} refunded` : ""} ·{" "}
                    {p.expired ? `expired ${p.expires}` : `book by ${p.lastDay}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="purchases" title="Purchases">
          {orders.length === 0 ? (
            <p className="text-muted">No purchases.</p>
          ) : (
            <ul className="divide-y divide-plum-100">
              {orders.map((o) => (
                <li key={o.id} className="flex flex-wrap justify-between gap-2 py-3">
                  <span className="min-w-0">
                    <span className="block font-semibold">{o.titles.join(", ") || "Order"}</span>
                    <span className="block text-sm text-muted">
                      {o.date} · #{o.id.slice(0, 8)}
                    </span>
                  </span>
                  <span className="text-sm sm:text-right">
                    <span className="block font-semibold">{o.total}</span>
                    {o.refunded ? <span className="block text-muted">{o.refunded}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <Link to={`/admin/orders?q=${encodeURIComponent(client.email)}`} className="underline">
              See their orders in Orders
            </Link>
          </p>
        </Section>

        <Section id="access-log" title="Health data access log">
          <p className="text-sm text-muted">
            Every read and change of the client's intake answers and your notes, newest first (the latest 50), in UK
            time.
          </p>
          {log.length === 0 ? (
            <p className="mt-3 text-muted">Nothing yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-plum-100 text-sm" aria-label="Access log">
              {log.map((line) => (
                <li key={line.id} className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
                  <span className="text-muted">{line.when}</span>
                  <span>
                    <span className="font-semibold">{line.what}</span> by {line.who}
                    {line.detail ? ` · ${line.detail}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  );
}

import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { placeLabel } from "~/features/shop/booking/booking-model";
import { listMySessions, type SessionView } from "~/features/shop/booking/list-sessions.server";
import { useVisitorZone, YourTime } from "~/features/shop/booking/ui/visitor-zone";
import { formatSessionTime } from "~/features/shop/booking/zoned-time";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import type { Route } from "./+types/my-sessions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const sessions = await listMySessions(services, account.id);
  const when = (s: SessionView) => ({ ...s, when: formatSessionTime(new Date(s.startsAt)) });
  return {
    upcoming: sessions.upcoming.map(when),
    past: sessions.past.map(when),
    packages: sessions.packages.map((p) => ({ ...p, expires: formatLongDate(p.expiresAt) })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "My Sessions | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

function statusLabel(s: SessionView & { when: string }) {
  if (s.status === "cancelled")
    return `Cancelled${s.refundCents !== null ? `, ${formatAmount(s.refundCents)} refunded` : ""}`;
  if (s.attendance === "attended") return "Attended";
  if (s.attendance === "no_show") return "Missed";
  return "Completed";
}

export default function MySessions({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, packages } = loaderData;
  const zone = useVisitorZone();
  return (
    <>
      <PageHero title="My Sessions" intro="Your booked Reiki and ZYTO sessions, and sessions left on your packages.">
        <Link to="/my-purchases" className="btn-outline">
          My Sacred Downloads
        </Link>
      </PageHero>
      <section className="mx-auto max-w-3xl space-y-10 px-4 pb-20 sm:px-6">
        <div>
          <h2 className="text-2xl">Upcoming</h2>
          {upcoming.length === 0 ? (
            <p className="mt-3 text-muted">
              No sessions booked.{" "}
              <Link to="/reiki" className="underline">
                Energy Healing
              </Link>{" "}
              or{" "}
              <Link to="/zyto" className="underline">
                ZYTO Scan
              </Link>
              .
            </p>
          ) : (
            <ul className="mt-4 space-y-3">
              {upcoming.map((s) => (
                <li key={s.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="font-semibold text-plum-900">{s.serviceTitle}</p>
                    <p>{s.when}</p>
                    <YourTime iso={s.startsAt} zone={zone} withDay />
                    <p className="text-sm text-muted">{placeLabel(s.place)}</p>
                  </div>
                  <Link to={`/my-sessions/${s.id}`} className="btn-outline">
                    Cancel or reschedule
                    <span className="sr-only">
                      : {s.serviceTitle}, {s.when}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        {packages.length > 0 ? (
          <div>
            <h2 className="text-2xl">Packages</h2>
            <ul className="mt-4 space-y-3">
              {packages.map((p) => (
                <li key={p.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="font-semibold text-plum-900">{p.title}</p>
                    <p className="text-sm">
                      {p.expired
                        ? `Expired on ${p.expires}${p.remaining > 0 ? `: ${p.remaining} unused` : ""}`
                        : `${p.remaining} of ${p.sessions} sessions left, to be taken by ${p.expires}`}
                    </p>
                  </div>
                  {!p.expired && p.remaining > 0 ? (
                    <Link to={`/book/${p.serviceId}?package=${p.id}`} className="btn-primary">
                      Book a session<span className="sr-only">: {p.title}</span>
                    </Link>
                  ) : p.expired ? (
                    <span className="rounded-full bg-plum-100 px-3 py-1 text-sm font-semibold text-plum-900">
                      Expired
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h2 className="text-2xl">Past and cancelled</h2>
          {past.length === 0 ? (
            <p className="mt-3 text-muted">Nothing yet.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {past.map((s) => (
                <li key={s.id} className="card p-4">
                  <p className="font-semibold text-plum-900">{s.serviceTitle}</p>
                  <p>{s.when}</p>
                  <p className="text-sm text-muted">{statusLabel(s)}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

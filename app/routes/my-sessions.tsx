import { Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { noticeClass } from "~/components/ui/notice";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { placeLabel } from "~/features/booking/booking-model";
import { endPackage } from "~/features/booking/end-package.server";
import { listMySessions, type SessionView } from "~/features/booking/list-sessions.server";
import { useVisitorZone, YourTime } from "~/features/booking/ui/visitor-zone";
import { PageHero } from "~/layout/page-hero";
import { AppError, errorData } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatLastDay, formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { refundDestination, refundParts } from "~/lib/refund-split";
import { z } from "~/lib/zod";
import { formatSessionTime } from "~/lib/zoned-time";
import type { Route } from "./+types/my-sessions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const sessions = await listMySessions(services, account.id);
  const when = (s: SessionView) => ({ ...s, when: formatSessionTime(new Date(s.startsAt)) });
  return {
    upcoming: sessions.upcoming.map(when),
    past: sessions.past.map(when),
    // Taken by its last day; expired at the midnight after it, on the next.
    packages: sessions.packages.map((p) => ({
      ...p,
      lastDay: formatLastDay(p.expiresAt),
      expires: formatLongDate(p.expiresAt),
    })),
  };
}

const endPackageSchema = z.object({ intent: z.literal("end-package"), packageId: z.uuid() });

/** Ends a package early: its unbooked sessions are refunded in full (decision 041). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const parsed = endPackageSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return errorData(new AppError("invalid_request", "Unknown action"), services.logger);
  try {
    const ended = await endPackage(services, { packageId: parsed.data.packageId, userId: account.id });
    return redirectWithToast(
      "/my-sessions",
      {
        title: "Package ended",
        description: `${ended.credits === 1 ? "1 unbooked session" : `${ended.credits} unbooked sessions`}: ${formatAmount(ended.refundCents)} ${refundDestination(ended.refundCents, ended.voucherCents)}`,
        variant: "default",
      },
      services.env,
    );
  } catch (error) {
    return errorData(error, services.logger);
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "My Sessions | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

function statusLabel(s: SessionView & { when: string }) {
  if (s.status === "cancelled")
    return `Cancelled${s.refundCents !== null ? `, ${formatAmount(s.refundCents)} refunded${refundParts(s.refundCents, s.refundVoucherCents)}` : s.fromPackage ? ", returned to your package" : ""}`;
  if (s.attendance === "attended") return "Attended";
  if (s.attendance === "no_show") return "Missed";
  return "Completed";
}

export default function MySessions({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, packages } = loaderData;
  const navigation = useNavigation();
  const refused = useActionData<typeof action>();
  const zone = useVisitorZone();
  return (
    <>
      <PageHero title="My Sessions" intro="Your booked Reiki and ZYTO sessions, and sessions left on your packages.">
        <Link to="/my-purchases" className={buttonClass("secondary")}>
          My Sacred Downloads
        </Link>
        <Link to="/my-sessions/health-questions" className={buttonClass("secondary")}>
          Health questions
        </Link>
      </PageHero>
      <section className="mx-auto max-w-3xl space-y-10 px-4 pb-20 sm:px-6">
        {refused && "message" in refused ? (
          <p role="alert" className={noticeClass("error")}>
            {refused.message}
          </p>
        ) : null}
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
                <li
                  key={s.id}
                  className={cardClass("flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between")}
                >
                  <div>
                    <p className="font-semibold text-plum-900">{s.serviceTitle}</p>
                    <p>{s.when}</p>
                    <YourTime iso={s.startsAt} zone={zone} withDay />
                    <p className="text-sm text-muted">{placeLabel(s.place)}</p>
                  </div>
                  <Link to={`/my-sessions/${s.id}`} className={buttonClass("secondary")}>
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
                <li
                  key={p.id}
                  className={cardClass("flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between")}
                >
                  <div>
                    <p className="font-semibold text-plum-900">{p.title}</p>
                    <p className="text-sm">
                      {p.expired
                        ? `Expired on ${p.expires}${p.remaining > 0 ? `: ${p.remaining} unused` : ""}`
                        : p.remaining === 0 && p.refunded > 0
                          ? `No sessions left: ${p.refunded === 1 ? "1 session" : `${p.refunded} sessions`} refunded`
                          : `${p.remaining} of ${p.sessions} sessions left, to be taken by ${p.lastDay}`}
                    </p>
                  </div>
                  {!p.expired && p.remaining > 0 ? (
                    <div className="flex flex-col gap-2 sm:items-end">
                      <Link to={`/book/${p.serviceId}?package=${p.id}`} className={buttonClass("primary")}>
                        Book a session<span className="sr-only">: {p.title}</span>
                      </Link>
                      <details className="text-sm">
                        <summary className="cursor-pointer text-plum-800 underline">End this package</summary>
                        <Form method="post" className="mt-2 max-w-xs">
                          <p>
                            {`Your ${p.remaining === 1 ? "unbooked session is" : `${p.remaining} unbooked sessions are`} refunded in full: ${formatAmount(p.unbookedCents)}. Sessions you have booked stay booked.`}
                          </p>
                          <input type="hidden" name="intent" value="end-package" />
                          <input type="hidden" name="packageId" value={p.id} />
                          <button
                            type="submit"
                            className={buttonClass("secondary", "mt-2")}
                            disabled={navigation.state !== "idle"}
                          >
                            {`End package and refund ${formatAmount(p.unbookedCents)}`}
                          </button>
                        </Form>
                      </details>
                    </div>
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
                <li key={s.id} className={cardClass("p-4")}>
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

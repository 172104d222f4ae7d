import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { inputClass } from "~/components/ui/form-fields";
import { noticeClass } from "~/components/ui/notice";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { bookingMessages } from "~/features/booking/booking-model";
import { chosenTime } from "~/features/booking/chosen-time";
import { dayTitle } from "~/features/booking/diary-range";
import { getDiarySession } from "~/features/booking/list-diary.server";
import { listFreeTimes } from "~/features/booking/list-free-times.server";
import { rescheduleBooking } from "~/features/booking/reschedule-booking.server";
import { servicesContext } from "~/lib/context";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import { formatSessionTime, isDate, zonedDate, zonedTime } from "~/lib/zoned-time";
import type { Route } from "./+types/admin-booking-move";

export const meta: Route.MetaFunction = () => [
  { title: "Move a session | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const session = await getDiarySession(services, params.bookingId);
  if (session?.status !== "confirmed") throw data(bookingMessages.notFound, { status: 404 });
  const now = new Date();
  const today = zonedDate(now);
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  const date = isDate(asked) && asked >= today ? asked : zonedDate(session.startsAt);
  const times = (await listFreeTimes(services, { serviceId: session.serviceId, date, except: session.id }, now)).map(
    (slot) => ({ value: slot.start.toISOString(), label: `${zonedTime(slot.start)}-${zonedTime(slot.end)}` }),
  );
  return {
    id: session.id,
    title: session.serviceTitle,
    client: session.clientName,
    when: formatSessionTime(session.startsAt),
    current: session.startsAt.toISOString(),
    today,
    date,
    dateTitle: dayTitle(date),
    times,
  };
}

const intentsFor = (id: string) => ({
  move: intent({
    schema: z.object({
      startsAt: chosenTime(),
    }),
    handler: async ({ startsAt }, { services }) => {
      await rescheduleBooking(services, { bookingId: id, startsAt, by: "practitioner" });
      return {
        redirectTo: `/admin/bookings?view=day&date=${zonedDate(startsAt)}#session-${id}`,
        toast: { title: "Diary", description: "Session moved; the client has the new time by e-mail." },
      };
    },
  }),
});

export const action = ({ request, params, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intentsFor(params.bookingId), {
    guard: requireAdmin,
    defaultIntent: "move",
    invalidTitle: "Move a session",
    refusedTitle: "Move a session",
  });

const radio = "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-plum-200 bg-white px-3 py-2";

export default function AdminBookingMove({ loaderData: d }: Route.ComponentProps) {
  const refused = refusalOf(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6">
        <p>
          <Link
            to={`/admin/bookings?view=day&date=${zonedDate(new Date(d.current))}`}
            className="text-sm text-plum-700 underline"
          >
            Back to the diary
          </Link>
        </p>
        <h1 className="mt-2 text-4xl">Move a session</h1>
        <p className="mt-2">
          {d.title} with {d.client}, now on {d.when}.
        </p>
        {refused ? (
          <p role="alert" className={noticeClass("error", "mt-4")}>
            {refused.toast.description}
          </p>
        ) : null}
        <Form method="get" className={cardClass("mt-6 flex flex-wrap items-end gap-3 p-5")}>
          <div>
            <label htmlFor="date" className="block text-sm font-semibold text-plum-900">
              New date
            </label>
            <input id="date" type="date" name="date" min={d.today} defaultValue={d.date} className={inputClass} />
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            Show free times
          </button>
        </Form>
        <Form method="post" className={cardClass("mt-6 space-y-5 p-5")}>
          <fieldset>
            <legend className="text-sm font-semibold text-plum-900">Free times on {d.dateTitle} (UK time)</legend>
            {d.times.length === 0 ? (
              <p className="mt-2 text-sm text-muted">No free time on this day. Choose another date above.</p>
            ) : (
              <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {d.times.map((t) => (
                  <label key={t.value} className={radio}>
                    <input
                      type="radio"
                      name="startsAt"
                      value={t.value}
                      required
                      defaultChecked={t.value === d.current}
                    />
                    {t.label}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <button type="submit" className={buttonClass("primary")} disabled={busy || d.times.length === 0}>
            Move the session
          </button>
        </Form>
      </div>
    </>
  );
}

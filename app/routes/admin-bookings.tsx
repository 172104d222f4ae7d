import { data, Form, useActionData, useNavigation } from "react-router";
import type { ToastInput } from "~/components/ui/toast";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { formatExceptions, parseAvailabilityForm, WEEKDAY_NAMES } from "~/features/shop/booking/availability-form";
import { placeLabel } from "~/features/shop/booking/booking-model";
import { readAvailability } from "~/features/shop/booking/booking-store.server";
import { cancelBooking } from "~/features/shop/booking/cancel-booking.server";
import { listDiary } from "~/features/shop/booking/list-sessions.server";
import {
  blockTime,
  listBlocks,
  markAttendance,
  removeBlock,
  rotateFeedToken,
  saveAvailability,
} from "~/features/shop/booking/manage-diary.server";
import {
  describeInstant,
  isDate,
  isTime,
  zonedDate,
  zonedInstant,
  zonedTime,
} from "~/features/shop/booking/zoned-time";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-bookings";

export const meta: Route.MetaFunction = () => [
  { title: "Bookings | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

/** Days the agenda shows from today. */
const AGENDA_DAYS = 14;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const now = new Date();
  const from = zonedInstant(zonedDate(now), "00:00");
  const [diary, blocks, availability] = await Promise.all([
    listDiary(services, from, AGENDA_DAYS, now),
    listBlocks(services, from),
    readAvailability(services.database.db),
  ]);
  const byDay = new Map<string, { day: string; sessions: typeof diary }>();
  for (const session of diary) {
    const { date, day } = describeInstant(new Date(session.startsAt));
    const entry = byDay.get(date) ?? { day, sessions: [] };
    entry.sessions.push(session);
    byDay.set(date, entry);
  }
  return {
    agenda: [...byDay.entries()].map(([date, entry]) => ({
      date,
      day: entry.day,
      sessions: entry.sessions.map((s) => ({
        ...s,
        time: `${zonedTime(new Date(s.startsAt))}-${zonedTime(new Date(s.endsAt))}`,
        started: new Date(s.startsAt) <= now,
      })),
    })),
    blocks: blocks.map((b) => ({
      id: b.id,
      label: `${describeInstant(b.startsAt).day} ${zonedTime(b.startsAt)} to ${zonedDate(b.endsAt) === zonedDate(b.startsAt) ? "" : `${describeInstant(b.endsAt).day} `}${zonedTime(b.endsAt)}`,
      note: b.note,
    })),
    availability: { ...availability, exceptionsText: formatExceptions(availability.exceptions) },
    feedUrl: availability.feedToken ? `${services.env.PUBLIC_URL}/diary-feed/${availability.feedToken}.ics` : null,
  };
}

const idSchema = z.uuid();

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const form = await readForm(request);
  const fail = (status: number, description: string) =>
    data({ toast: { title: "Bookings", description, variant: "destructive" } satisfies ToastInput }, { status });
  const done = (description: string) =>
    redirectWithToast("/admin/bookings", { title: "Bookings", description, variant: "default" }, services.env);
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "cancel": {
        const id = idSchema.safeParse(form.get("id"));
        if (!id.success) return fail(404, "This booking does not exist.");
        const result = await cancelBooking(services, { bookingId: id.data, by: "practitioner" });
        return done(`Session cancelled; ${formatAmount(result.refundCents)} refunded in full.`);
      }
      case "attended":
      case "no_show": {
        const id = idSchema.safeParse(form.get("id"));
        if (!id.success) return fail(404, "This booking does not exist.");
        await markAttendance(services, id.data, intent);
        return done(intent === "attended" ? "Marked attended." : "Marked as a no-show.");
      }
      case "block": {
        const date = String(form.get("date") ?? "");
        const start = String(form.get("start") ?? "");
        const end = String(form.get("end") ?? "");
        if (!isDate(date) || !isTime(start) || !isTime(end)) return fail(400, "Give a date, a start and an end time.");
        await blockTime(services, {
          startsAt: zonedInstant(date, start),
          endsAt: zonedInstant(date, end),
          note: sanitiseText(String(form.get("note") ?? "")).slice(0, 200),
        });
        return done("Time blocked.");
      }
      case "unblock": {
        const id = idSchema.safeParse(form.get("id"));
        if (!id.success) return fail(404, "This block does not exist.");
        await removeBlock(services, id.data);
        return done("Block removed.");
      }
      case "availability": {
        const parsed = parseAvailabilityForm(form);
        if ("error" in parsed) return fail(400, parsed.error);
        await saveAvailability(services, parsed.availability);
        return done("Availability saved.");
      }
      case "feed-new":
        await rotateFeedToken(services);
        return done("A new calendar feed address is ready; the old one no longer works.");
      case "feed-revoke":
        await rotateFeedToken(services, true);
        return done("The calendar feed is switched off.");
      default:
        return fail(400, "Unknown action.");
    }
  } catch (error) {
    if (error instanceof AppError) return fail(error.status, error.message);
    throw error;
  }
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { agenda, blocks, availability, feedUrl } = loaderData;
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const input = "mt-1 w-full rounded-lg border border-plum-200 p-2";
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Bookings</h1>
        {refused && "toast" in refused ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-700 bg-red-50 p-3 text-sm text-red-800">
            {refused.toast.description}
          </p>
        ) : null}

        <h2 className="mt-8 text-2xl">The next {AGENDA_DAYS} days</h2>
        {agenda.length === 0 ? (
          <p className="card mt-4 p-8 text-center text-muted">No sessions booked in the next {AGENDA_DAYS} days.</p>
        ) : (
          <div className="mt-4 space-y-6">
            {agenda.map((day) => (
              <section key={day.date} aria-labelledby={`day-${day.date}`}>
                <h3 id={`day-${day.date}`} className="font-sans text-lg font-semibold text-plum-900">
                  {day.day}
                </h3>
                <ol className="mt-2 space-y-3">
                  {day.sessions.map((s) => (
                    <li key={s.id} className="card p-4">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <p className="font-semibold text-plum-900">
                            {s.time} · {s.serviceTitle}
                          </p>
                          <p className="text-sm break-all">
                            {s.client.name} · {s.client.email}
                          </p>
                          <p className="text-sm text-muted">
                            {placeLabel(s.place)} · paid {formatAmount(s.amountCents)}
                            {s.status === "cancelled"
                              ? ` · Cancelled${s.refundCents !== null ? `, ${formatAmount(s.refundCents)} refunded` : ""}`
                              : ""}
                            {s.attendance === "attended"
                              ? " · Attended"
                              : s.attendance === "no_show"
                                ? " · No-show"
                                : ""}
                          </p>
                          {s.note ? <p className="mt-1 text-sm whitespace-pre-line">Note: {s.note}</p> : null}
                        </div>
                      </div>
                      {s.status === "confirmed" ? (
                        <div className="mt-3 flex flex-wrap gap-2">
                          {s.started ? (
                            <>
                              <Form method="post">
                                <input type="hidden" name="id" value={s.id} />
                                <button
                                  type="submit"
                                  name="intent"
                                  value="attended"
                                  className="btn-outline"
                                  disabled={busy}
                                >
                                  Attended
                                  <span className="sr-only">
                                    : {s.client.name}, {s.time}
                                  </span>
                                </button>
                              </Form>
                              <Form method="post">
                                <input type="hidden" name="id" value={s.id} />
                                <button
                                  type="submit"
                                  name="intent"
                                  value="no_show"
                                  className="btn-outline"
                                  disabled={busy}
                                >
                                  No-show
                                  <span className="sr-only">
                                    : {s.client.name}, {s.time}
                                  </span>
                                </button>
                              </Form>
                            </>
                          ) : null}
                          <Form
                            method="post"
                            onSubmit={(event) => {
                              if (
                                !window.confirm(
                                  `Cancel ${s.client.name}'s session and refund ${formatAmount(s.amountCents)} in full?`,
                                )
                              ) {
                                event.preventDefault();
                              }
                            }}
                          >
                            <input type="hidden" name="id" value={s.id} />
                            <button type="submit" name="intent" value="cancel" className="btn-outline" disabled={busy}>
                              Cancel and refund in full
                              <span className="sr-only">
                                : {s.client.name}, {s.time}
                              </span>
                            </button>
                          </Form>
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        )}

        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          <section className="card p-5" aria-labelledby="block-heading">
            <h2 id="block-heading" className="text-2xl">
              Block a time
            </h2>
            <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-3">
              <label className="text-sm font-semibold sm:col-span-3">
                Date
                <input type="date" name="date" required className={input} />
              </label>
              <label className="text-sm font-semibold">
                From
                <input type="time" name="start" required className={input} />
              </label>
              <label className="text-sm font-semibold">
                To
                <input type="time" name="end" required className={input} />
              </label>
              <label className="text-sm font-semibold">
                Note
                <input type="text" name="note" maxLength={200} className={input} />
              </label>
              <button type="submit" name="intent" value="block" className="btn-primary sm:col-span-3" disabled={busy}>
                Block this time
              </button>
            </Form>
            {blocks.length > 0 ? (
              <ul className="mt-4 divide-y divide-plum-100">
                {blocks.map((b) => (
                  <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      {b.label}
                      {b.note ? ` · ${b.note}` : ""}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="id" value={b.id} />
                      <button type="submit" name="intent" value="unblock" className="btn-ghost" disabled={busy}>
                        Remove<span className="sr-only">: {b.label}</span>
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section className="card p-5" aria-labelledby="feed-heading">
            <h2 id="feed-heading" className="text-2xl">
              Calendar feed
            </h2>
            <p className="mt-2 text-sm text-muted">
              Subscribe to this private address from your phone's calendar to see your sessions there. Anyone with the
              address can read the diary: make a new one if it is ever shared.
            </p>
            {feedUrl ? (
              <p className="mt-3 rounded-lg bg-plum-100 p-3 font-mono text-xs break-all" data-testid="feed-url">
                {feedUrl}
              </p>
            ) : (
              <p className="mt-3 text-sm">The feed is off.</p>
            )}
            <Form method="post" className="mt-4 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="feed-new" className="btn-outline" disabled={busy}>
                {feedUrl ? "Make a new address" : "Turn the feed on"}
              </button>
              {feedUrl ? (
                <button type="submit" name="intent" value="feed-revoke" className="btn-ghost" disabled={busy}>
                  Turn the feed off
                </button>
              ) : null}
            </Form>
          </section>
        </div>

        <section className="card mt-8 p-5" aria-labelledby="availability-heading">
          <h2 id="availability-heading" className="text-2xl">
            Availability
          </h2>
          <p className="mt-1 text-sm text-muted">All times are UK time (Europe/London).</p>
          <Form method="post" className="mt-4 space-y-4">
            <fieldset>
              <legend className="font-semibold">Weekly hours</legend>
              <div className="mt-2 space-y-2">
                {WEEKDAY_NAMES.map((name, day) => {
                  const range = availability.weekly[day]?.[0];
                  return (
                    <div key={name} className="flex flex-wrap items-center gap-3">
                      <label className="flex w-full items-center gap-2 sm:w-32">
                        <input
                          type="checkbox"
                          name={`open-${day}`}
                          defaultChecked={Boolean(range)}
                          className="size-5"
                        />
                        {name}
                      </label>
                      <label className="text-sm">
                        <span className="sr-only">{name} from</span>
                        <input
                          type="time"
                          name={`start-${day}`}
                          defaultValue={range?.start ?? "09:00"}
                          className="rounded-lg border border-plum-200 p-1.5"
                        />
                      </label>
                      <span aria-hidden="true">to</span>
                      <label className="text-sm">
                        <span className="sr-only">{name} to</span>
                        <input
                          type="time"
                          name={`end-${day}`}
                          defaultValue={range?.end ?? "18:00"}
                          className="rounded-lg border border-plum-200 p-1.5"
                        />
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <label className="block text-sm font-semibold">
              Exceptions (one a line: "2026-12-24 closed" or "2026-12-27 10:00-14:00")
              <textarea name="exceptions" rows={4} defaultValue={availability.exceptionsText} className={input} />
            </label>
            <div className="grid gap-3 sm:grid-cols-3">
              <label className="text-sm font-semibold">
                Buffer between sessions (minutes)
                <input
                  type="number"
                  name="buffer"
                  min={0}
                  max={240}
                  defaultValue={availability.bufferMinutes}
                  className={input}
                />
              </label>
              <label className="text-sm font-semibold">
                Minimum notice (hours)
                <input
                  type="number"
                  name="notice"
                  min={0}
                  max={720}
                  defaultValue={availability.noticeHours}
                  className={input}
                />
              </label>
              <label className="text-sm font-semibold">
                Book how far ahead (days)
                <input
                  type="number"
                  name="horizon"
                  min={1}
                  max={365}
                  defaultValue={availability.horizonDays}
                  className={input}
                />
              </label>
            </div>
            <button type="submit" name="intent" value="availability" className="btn-primary" disabled={busy}>
              Save availability
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}

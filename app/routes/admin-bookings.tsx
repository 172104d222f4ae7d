import { data, useActionData, useNavigation } from "react-router";
import type { ToastInput } from "~/components/ui/toast";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { formatExceptions, parseAvailabilityForm } from "~/features/shop/booking/availability-form";
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
import { AvailabilityEditor } from "~/features/shop/booking/ui/availability-editor";
import { BlockTimeCard } from "~/features/shop/booking/ui/block-time-card";
import { CalendarFeedCard } from "~/features/shop/booking/ui/calendar-feed-card";
import { DiaryAgenda } from "~/features/shop/booking/ui/diary-agenda";
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

        <DiaryAgenda agenda={agenda} days={AGENDA_DAYS} busy={busy} />
        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          <BlockTimeCard blocks={blocks} busy={busy} />
          <CalendarFeedCard feedUrl={feedUrl} busy={busy} />
        </div>
        <AvailabilityEditor availability={availability} busy={busy} />
      </div>
    </>
  );
}

import { useActionData, useNavigation } from "react-router";
import { noticeClass } from "~/components/ui/notice";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { formatExceptions, parseAvailabilityForm } from "~/features/booking/availability-form";
import { readAvailability } from "~/features/booking/booking-store.server";
import { cancelBooking } from "~/features/booking/cancel-booking.server";
import { listDiary } from "~/features/booking/list-sessions.server";
import {
  blockTime,
  listBlocks,
  markAttendance,
  removeBlock,
  rotateFeedToken,
  saveAvailability,
} from "~/features/booking/manage-diary.server";
import { AvailabilityEditor } from "~/features/booking/ui/availability-editor";
import { BlockTimeCard } from "~/features/booking/ui/block-time-card";
import { CalendarFeedCard } from "~/features/booking/ui/calendar-feed-card";
import { DiaryAgenda } from "~/features/booking/ui/diary-agenda";
import { servicesContext } from "~/lib/context";
import { formatAmount } from "~/lib/format-price";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { describeInstant, isDate, isTime, zonedDate, zonedInstant, zonedTime } from "~/lib/zoned-time";
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

const success = (description: string) => ({ redirectTo: "/admin/bookings", toast: { title: "Bookings", description } });
const booking = z.object({ id: reference(z.uuid(), "This booking does not exist.") });
const attendance = (mark: "attended" | "no_show") =>
  intent({
    schema: booking,
    handler: async ({ id }, { services }) => {
      await markAttendance(services, id, mark);
      return success(mark === "attended" ? "Marked attended." : "Marked as a no-show.");
    },
  });
const BLOCK_TIMES = "Give a date, a start and an end time.";
const blockField = (valid: (value: string) => boolean) => z.string({ error: BLOCK_TIMES }).refine(valid, BLOCK_TIMES);

const intents = {
  cancel: intent({
    schema: booking,
    handler: async ({ id }, { services }) => {
      const result = await cancelBooking(services, { bookingId: id, by: "practitioner" });
      return success(`Session cancelled; ${formatAmount(result.refundCents)} refunded in full.`);
    },
  }),
  attended: attendance("attended"),
  no_show: attendance("no_show"),
  block: intent({
    schema: z.object({
      date: blockField(isDate),
      start: blockField(isTime),
      end: blockField(isTime),
      note: z
        .string()
        .default("")
        .transform((note) => sanitiseText(note).slice(0, 200)),
    }),
    handler: async ({ date, start, end, note }, { services }) => {
      await blockTime(services, { startsAt: zonedInstant(date, start), endsAt: zonedInstant(date, end), note });
      return success("Time blocked.");
    },
  }),
  unblock: intent({
    schema: z.object({ id: reference(z.uuid(), "This block does not exist.") }),
    handler: async ({ id }, { services }) => {
      await removeBlock(services, id);
      return success("Block removed.");
    },
  }),
  availability: intent({
    // The availability form's own wire format, parsed by its own reader (availability-form.ts).
    read: (form) => form,
    schema: z.custom<FormData>().transform((form, ctx) => {
      const parsed = parseAvailabilityForm(form);
      if ("availability" in parsed) return parsed.availability;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
    handler: async (availability, { services }) => {
      await saveAvailability(services, availability);
      return success("Availability saved.");
    },
  }),
  "feed-new": intent({
    schema: z.object({}),
    handler: async (_, { services }) => {
      await rotateFeedToken(services);
      return success("A new calendar feed address is ready; the old one no longer works.");
    },
  }),
  "feed-revoke": intent({
    schema: z.object({}),
    handler: async (_, { services }) => {
      await rotateFeedToken(services, true);
      return success("The calendar feed is switched off.");
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdmin,
    invalidTitle: "Bookings",
    refusedTitle: "Bookings",
  });

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { agenda, blocks, availability, feedUrl } = loaderData;
  const refused = refusalOf(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Bookings</h1>
        {refused ? (
          <p role="alert" className={noticeClass("error", "mt-4")}>
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

import { useActionData, useNavigation } from "react-router";
import { noticeClass } from "~/components/ui/notice";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { arrangeDiary } from "~/features/booking/arrange-diary";
import { formatExceptions, parseAvailabilityForm } from "~/features/booking/availability-form";
import { markPaidOutside } from "~/features/booking/book-for-client.server";
import { findService } from "~/features/booking/booking-model";
import { readAvailability } from "~/features/booking/booking-store.server";
import { cancelBooking } from "~/features/booking/cancel-booking.server";
import { readDiaryQuery } from "~/features/booking/diary-range";
import { listDiary } from "~/features/booking/list-diary.server";
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
import { DayView, DiaryNavigation, MonthView, WeekView } from "~/features/booking/ui/diary-views";
import { servicesContext } from "~/lib/context";
import { formatAmount } from "~/lib/format-price";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { refundRoute } from "~/lib/refund-split";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { describeInstant, isDate, isTime, zonedDate, zonedInstant, zonedTime } from "~/lib/zoned-time";
import type { Route } from "./+types/admin-bookings";

export const meta: Route.MetaFunction = () => [
  { title: "Diary | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const now = new Date();
  const today = zonedDate(now);
  const range = readDiaryQuery(new URL(request.url).searchParams, today);
  const [listing, blocks, availability] = await Promise.all([
    listDiary(services, range, now),
    listBlocks(services, zonedInstant(today, "00:00")),
    readAvailability(services.database.db),
  ]);
  return {
    range,
    today,
    days: arrangeDiary(range, listing, today),
    blocks: blocks.map((b) => ({
      id: b.id,
      label: `${describeInstant(b.startsAt).day} ${zonedTime(b.startsAt)} to ${zonedDate(b.endsAt) === zonedDate(b.startsAt) ? "" : `${describeInstant(b.endsAt).day} `}${zonedTime(b.endsAt)}`,
      note: b.note,
    })),
    availability: { ...availability, exceptionsText: formatExceptions(availability.exceptions) },
    feedUrl: availability.feedToken ? `${services.env.PUBLIC_URL}/diary-feed/${availability.feedToken}.ics` : null,
  };
}

/** Back to the view she acted from (the form posts to the page's own address, query and all). */
const success = (request: Request, description: string) => {
  const { search } = new URL(request.url);
  const back = new URLSearchParams(search);
  back.delete("index");
  const query = back.toString();
  return { redirectTo: `/admin/bookings${query ? `?${query}` : ""}`, toast: { title: "Diary", description } };
};
const booking = z.object({ id: reference(z.uuid(), "This booking does not exist.") });
const attendance = (mark: "attended" | "no_show") =>
  intent({
    schema: booking,
    handler: async ({ id }, { services, request }) => {
      await markAttendance(services, id, mark);
      return success(request, mark === "attended" ? "Marked attended." : "Marked as a no-show.");
    },
  });
const BLOCK_TIMES = "Give a date, a start and an end time.";
const blockField = (valid: (value: string) => boolean) => z.string({ error: BLOCK_TIMES }).refine(valid, BLOCK_TIMES);

const intents = {
  cancel: intent({
    schema: booking.extend({
      reason: z
        .string()
        .default("")
        .transform((reason) => sanitiseText(reason).slice(0, 500)),
    }),
    handler: async ({ id, reason }, { services, request }) => {
      const result = await cancelBooking(services, { bookingId: id, by: "practitioner", reason: reason || undefined });
      return success(
        request,
        result.creditReturned
          ? "Session cancelled; it is back on the client's package."
          : result.refundCents > 0
            ? `Session cancelled; ${formatAmount(result.refundCents)} refunded in full${refundRoute(result.refundCents, result.voucherCents)}.`
            : "Session cancelled.",
      );
    },
  }),
  paid: intent({
    schema: booking,
    handler: async ({ id }, { services, request }) => {
      await markPaidOutside(services, id);
      return success(request, "Marked paid.");
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
    handler: async ({ date, start, end, note }, { services, request }) => {
      const { alreadyBooked } = await blockTime(services, {
        startsAt: zonedInstant(date, start),
        endsAt: zonedInstant(date, end),
        note,
      });
      const blocked = success(request, "Time blocked.");
      if (alreadyBooked.length === 0) return blocked;
      // Sessions booked before the block stay booked: she is told which, and it stays until she closes it.
      const sessions = alreadyBooked
        .map((b) => `${zonedTime(b.startsAt)} ${findService(b.serviceId)?.title ?? "session"}`)
        .join(", ");
      return {
        ...blocked,
        toast: {
          title: "Time blocked, but sessions are booked in it",
          description: `Still booked: ${sessions}. Cancel or move them in the diary if you will not see them.`,
          variant: "warning" as const,
        },
      };
    },
  }),
  unblock: intent({
    schema: z.object({ id: reference(z.uuid(), "This block does not exist.") }),
    handler: async ({ id }, { services, request }) => {
      await removeBlock(services, id);
      return success(request, "Block removed.");
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
    handler: async (availability, { services, request }) => {
      await saveAvailability(services, availability);
      return success(request, "Availability saved.");
    },
  }),
  "feed-new": intent({
    schema: z.object({}),
    handler: async (_, { services, request }) => {
      await rotateFeedToken(services);
      return success(request, "A new calendar feed address is ready; the old one no longer works.");
    },
  }),
  "feed-revoke": intent({
    schema: z.object({}),
    handler: async (_, { services, request }) => {
      await rotateFeedToken(services, true);
      return success(request, "The calendar feed is switched off.");
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdmin,
    invalidTitle: "Diary",
    refusedTitle: "Diary",
  });

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { range, today, days, blocks, availability, feedUrl } = loaderData;
  const refused = refusalOf(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <AdminNav />
      {/* The admin pages' own column, under their tabs: the week's seven days fit it from 1024 px. */}
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Diary</h1>
        {range.view === "day" ? null : <p className="mt-2 text-lg text-plum-900">{range.title}</p>}
        {refused ? (
          <p role="alert" className={noticeClass("error", "mt-4")}>
            {refused.toast.description}
          </p>
        ) : null}
        <DiaryNavigation range={range} today={today} />
        {range.view === "day" && days[0] ? (
          <DayView day={days[0]} busy={busy} />
        ) : range.view === "week" ? (
          <WeekView days={days} />
        ) : (
          <MonthView days={days} />
        )}
        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          <BlockTimeCard blocks={blocks} busy={busy} />
          <CalendarFeedCard feedUrl={feedUrl} busy={busy} />
        </div>
        <AvailabilityEditor availability={availability} busy={busy} />
      </div>
    </>
  );
}

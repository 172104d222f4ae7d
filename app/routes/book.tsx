import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { limitGuesses } from "~/features/accounts/limit-guesses.server";
import { bookWithCredit } from "~/features/booking/book-with-credit.server";
import {
  BOOKING_LIMITS,
  cancellationPolicy,
  EXPRESS_REQUEST_WORDING,
  findService,
  PLACES,
  placeLabel,
} from "~/features/booking/booking-model";
import { getBookingCalendar } from "~/features/booking/get-booking-calendar.server";
import { getMySession } from "~/features/booking/list-sessions.server";
import { rescheduleBooking } from "~/features/booking/reschedule-booking.server";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { DayCalendar } from "~/features/booking/ui/day-calendar";
import { useVisitorZone, YourTime } from "~/features/booking/ui/visitor-zone";
import { discountGuesses } from "~/features/shop/discount/price-discount";
import { voucherGuesses } from "~/features/shop/voucher/reserve-voucher.server";
import { looksLikeVoucherCode } from "~/features/shop/voucher/voucher-model";
import { PageHero } from "~/layout/page-hero";
import { AppError, errorData } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { describeInstant, formatSessionTime } from "~/lib/zoned-time";
import type { Route } from "./+types/book";

const idSchema = z.uuid();

function serviceOf(params: { serviceId: string }) {
  const service = findService(params.serviceId);
  if (!service) throw data(null, { status: 404 });
  return service;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const service = serviceOf(params);
  const account = await requireUser(request, services);
  const url = new URL(request.url);
  const reschedule = idSchema.safeParse(url.searchParams.get("reschedule")).data;
  const packageId = idSchema.safeParse(url.searchParams.get("package")).data;
  const moving = reschedule ? await getMySession(services, account.id, reschedule) : null;
  if (reschedule && (!moving || moving.serviceId !== service.id)) throw data(null, { status: 404 });
  const calendar = await getBookingCalendar(services, {
    service,
    day: url.searchParams.get("day"),
    except: moving?.id,
  });
  return {
    service: {
      id: service.id,
      title: service.title,
      priceCents: service.priceCents,
      minutes: service.minutes,
      places: service.places,
      sessions: service.sessions,
      page: service.page,
    },
    calendar,
    mode: moving ? ("reschedule" as const) : packageId ? ("credit" as const) : ("pay" as const),
    moving: moving ? { id: moving.id, when: formatSessionTime(new Date(moving.startsAt)) } : null,
    packageId: packageId ?? null,
    cancelled: url.searchParams.get("checkout") === "cancelled",
  };
}

const formSchema = z.object({
  start: z.iso.datetime(),
  place: z.enum(PLACES).default("in_person"),
  note: z
    .string()
    .max(BOOKING_LIMITS.noteLength)
    .default("")
    .transform((note) => sanitiseText(note).trim()),
  express: z.literal("on").optional(),
  reschedule: idSchema.optional(),
  package: idSchema.optional(),
  voucher: z.string().trim().max(40).optional(),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const service = serviceOf(params);
  const account = await requireUser(request, services);
  const form = await readForm(request);
  const parsed = formSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => v !== "")));
  if (!parsed.success) return errorData(new AppError("invalid_request", "Please choose a time.", "Booking"));
  const input = {
    serviceId: service.id,
    startsAt: new Date(parsed.data.start),
    place: parsed.data.place,
    note: parsed.data.note,
    expressRequest: parsed.data.express === "on",
  };
  try {
    if (parsed.data.reschedule) {
      await rescheduleBooking(services, {
        bookingId: parsed.data.reschedule,
        userId: account.id,
        startsAt: input.startsAt,
      });
      return redirectWithToast(
        `/my-sessions/${parsed.data.reschedule}`,
        {
          title: "Session moved",
          description: `Your session is now on ${formatSessionTime(input.startsAt)}.`,
          variant: "default",
        },
        services.env,
      );
    }
    if (parsed.data.package) {
      const { bookingId } = await bookWithCredit(services, account, { ...input, packageId: parsed.data.package });
      return redirectWithToast(
        `/my-sessions/${bookingId}`,
        { title: "Session booked", description: formatSessionTime(input.startsAt), variant: "default" },
        services.env,
      );
    }
    // One field takes a gift voucher's code or a discount code: the shape tells which. Either is a
    // secret typed by hand, so wrong guesses are limited per client.
    const typed = parsed.data.voucher;
    const isVoucher = typed ? looksLikeVoucherCode(typed) : false;
    const start = () =>
      startBookingCheckout(services, account, {
        ...input,
        voucherCode: isVoucher ? typed : undefined,
        discountCode: typed && !isVoucher ? typed : undefined,
      });
    const clientIp = context.get(requestContext).clientIp;
    const { url } = typed
      ? await limitGuesses(services, isVoucher ? voucherGuesses(clientIp) : discountGuesses(clientIp), start)
      : await start();
    return redirect(url);
  } catch (error) {
    return errorData(error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Book ${loaderData?.service.title ?? "a session"} | Sacred Healing` },
  { name: "robots", content: "noindex" },
];

export default function Book({ loaderData }: Route.ComponentProps) {
  const { service, calendar, mode, moving, packageId, cancelled } = loaderData;
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const zone = useVisitorZone();
  const query = (date: string) => {
    const params = new URLSearchParams({ day: date });
    if (moving) params.set("reschedule", moving.id);
    if (packageId) params.set("package", packageId);
    return `?${params}`;
  };
  const dayName = describeInstant(new Date(`${calendar.selected}T12:00:00Z`)).day;
  const needsExpress = mode !== "reschedule" && calendar.selected < calendar.expressBefore;
  const title = mode === "reschedule" ? `Reschedule: ${service.title}` : `Book: ${service.title}`;
  return (
    <>
      <PageHero
        title={title}
        intro={
          mode === "reschedule"
            ? `Now booked for ${moving?.when}. Choose a new time.`
            : `${formatAmount(service.priceCents)} · ${service.minutes} minutes${service.sessions > 1 ? ` · ${service.sessions} sessions: book the first now, the rest later from My Sessions` : ""}`
        }
      />
      <section className="mx-auto grid max-w-5xl gap-8 px-4 pb-20 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="card p-4 sm:p-6">
          <h2 className="text-2xl">1. Choose a day</h2>
          <p className="mt-1 text-sm text-muted">
            Times are UK time (Europe/London). Use the arrow keys to move between days.
          </p>
          <div className="mt-4">
            <DayCalendar days={calendar.days} selected={calendar.selected} hrefFor={query} />
          </div>
        </div>
        <Form method="post" className="card p-4 sm:p-6" aria-labelledby="times-heading">
          {cancelled ? (
            <p role="status" className="mb-4 rounded-lg bg-plum-100 p-3 text-sm">
              Payment cancelled. No payment was taken, and the time was let go.
            </p>
          ) : null}
          {refused && "message" in refused ? (
            <p role="alert" className="mb-4 rounded-lg border border-red-700 bg-red-50 p-3 text-sm text-red-800">
              {refused.message}
            </p>
          ) : null}
          <h2 id="times-heading" className="text-2xl">
            2. Choose a time
          </h2>
          <p className="mt-1 text-sm text-muted">{dayName}</p>
          {calendar.slots.length === 0 ? (
            <p className="mt-4">No times are free on this day. Please choose another day.</p>
          ) : (
            <fieldset className="mt-4">
              <legend className="sr-only">Free times on {dayName} (UK time)</legend>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {calendar.slots.map((slot, i) => (
                  <label
                    key={slot.start}
                    className="flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border border-plum-200 bg-white px-2 py-1 text-center font-semibold text-plum-900 has-checked:border-plum-700 has-checked:bg-plum-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-700"
                  >
                    <input
                      type="radio"
                      name="start"
                      value={slot.start}
                      required
                      defaultChecked={i === 0}
                      className="sr-only"
                    />
                    <span>{slot.time}</span>
                    <YourTime iso={slot.start} zone={zone} />
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {mode !== "reschedule" ? (
            <>
              {service.places.length > 1 ? (
                <fieldset className="mt-6">
                  <legend className="text-sm font-semibold text-plum-900">Where</legend>
                  <div className="mt-2 flex flex-wrap gap-4">
                    {service.places.map((place, i) => (
                      <label key={place} className="flex min-h-11 items-center gap-2">
                        <input type="radio" name="place" value={place} defaultChecked={i === 0} className="size-5" />
                        {placeLabel(place)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : (
                <p className="mt-6 text-sm">
                  <span className="font-semibold">Where:</span> in person
                </p>
              )}
              <label className="mt-6 block text-sm font-semibold text-plum-900" htmlFor="note">
                A note for the practitioner (optional)
              </label>
              <textarea
                id="note"
                name="note"
                maxLength={BOOKING_LIMITS.noteLength}
                rows={3}
                className="mt-1 w-full rounded-lg border border-plum-200 p-2"
              />
              {needsExpress ? (
                <label className="mt-4 flex gap-3 text-sm">
                  <input type="checkbox" name="express" required className="mt-0.5 size-5 shrink-0" />
                  <span>{EXPRESS_REQUEST_WORDING}</span>
                </label>
              ) : null}
              {mode === "pay" ? (
                <>
                  <label className="mt-4 block text-sm font-semibold text-plum-900" htmlFor="voucher">
                    Gift voucher or discount code (optional)
                  </label>
                  <input
                    id="voucher"
                    name="voucher"
                    maxLength={40}
                    autoComplete="off"
                    className="mt-1 w-full rounded-lg border border-plum-200 p-2 uppercase"
                    aria-describedby="voucher-hint"
                  />
                  <p id="voucher-hint" className="mt-1 text-xs text-muted">
                    A voucher pays what it can; you pay any difference by card.
                  </p>
                </>
              ) : null}
            </>
          ) : null}
          {moving ? <input type="hidden" name="reschedule" value={moving.id} /> : null}
          {packageId ? <input type="hidden" name="package" value={packageId} /> : null}
          <p className="mt-4 text-xs text-muted" data-testid="cancellation-policy">
            {service.sessions > 1 || mode === "credit" ? cancellationPolicy.package : cancellationPolicy.session}
          </p>
          <button type="submit" className="btn-primary mt-4 w-full" disabled={busy || calendar.slots.length === 0}>
            {mode === "reschedule"
              ? "Move my session"
              : mode === "credit"
                ? "Book this session"
                : `Continue to payment (${formatAmount(service.priceCents)})`}
          </button>
          <p className="mt-4 text-center text-sm">
            Questions first?{" "}
            <Link to="/contact" className="underline">
              Contact
            </Link>
          </p>
        </Form>
      </section>
    </>
  );
}

import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { noticeClass } from "~/components/ui/notice";
import { getSessionUser, requireUser } from "~/features/accounts/get-session-user.server";
import { limitGuesses } from "~/features/accounts/limit-guesses.server";
import { bookWithCredit } from "~/features/booking/book-with-credit.server";
import { bookingFormSchema, bookingIdSchema, waitFormSchema } from "~/features/booking/booking-form-schema";
import { bookingMessages, cancellationPolicy, findService } from "~/features/booking/booking-model";
import { joinWaitlist, leaveWaitlist, listMyWaits } from "~/features/booking/booking-waitlist.server";
import { parseClientTimeZone } from "~/features/booking/client-time-zone";
import { draftOwnerOf } from "~/features/booking/draft-owner.server";
import { getBookingCalendar } from "~/features/booking/get-booking-calendar.server";
import { getMySession } from "~/features/booking/list-sessions.server";
import { readPackageExpiry } from "~/features/booking/read-package-expiry.server";
import { rescheduleBooking } from "~/features/booking/reschedule-booking.server";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { useBookingDraft } from "~/features/booking/ui/booking-draft";
import {
  BookingDetails,
  HealthQuestionsFirst,
  TimeChoices,
  WaitingListOffer,
} from "~/features/booking/ui/booking-form-parts";
import { BookingTitle } from "~/features/booking/ui/booking-title";
import { DayCalendar } from "~/features/booking/ui/day-calendar";
import { useVisitorZone } from "~/features/booking/ui/visitor-zone";
import { getIntakeStatus } from "~/features/clients/get-intake-status.server";
import { INTAKE_MESSAGES, SCAN_DISCLAIMER_WORDING } from "~/features/clients/intake-model";
import { recordScanDisclaimer } from "~/features/clients/record-scan-disclaimer.server";
import { requireCurrentIntake } from "~/features/clients/require-current-intake.server";
import { codeGuesses } from "~/features/shop/voucher/reserve-voucher.server";
import { looksLikeVoucherCode } from "~/features/shop/voucher/voucher-model";
import { PageHero } from "~/layout/page-hero";
import { AppError, errorData } from "~/lib/app-error";
import { requestContext, servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { requestedPage } from "~/lib/requested-page";
import { describeInstant, formatSessionTime } from "~/lib/zoned-time";
import type { Route } from "./+types/book";

function serviceOf(params: { serviceId: string }) {
  const service = findService(params.serviceId);
  if (!service) throw data(null, { status: 404 });
  return service;
}

/** Where a visitor is sent to sign in (or sign up) so that they come back to the time they chose. */
function signInFor(
  serviceId: string,
  chosen: { day?: string | undefined; start?: string | undefined },
  mode?: "signup",
) {
  const back = new URLSearchParams();
  if (chosen.day) back.set("day", chosen.day);
  if (chosen.start) back.set("start", chosen.start);
  const query = back.size ? `?${back}` : "";
  const params = new URLSearchParams({ redirectTo: `/book/${serviceId}${query}` });
  if (mode) params.set("mode", mode);
  return `/auth?${params}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const service = serviceOf(params);
  const url = new URL(request.url);
  const reschedule = bookingIdSchema.safeParse(url.searchParams.get("reschedule")).data;
  const packageId = bookingIdSchema.safeParse(url.searchParams.get("package")).data;
  // Anyone may look at the free times (issue 24, item 5); moving a session or using a package is a client's.
  const account =
    reschedule || packageId ? await requireUser(request, services) : await getSessionUser(request, services);
  const moving = reschedule && account ? await getMySession(services, account.id, reschedule) : null;
  if (reschedule && (!moving || moving.serviceId !== service.id)) throw data(null, { status: 404 });
  const until = packageId && account ? await readPackageExpiry(services, account.id, packageId) : undefined;
  if (packageId && !until) throw data(null, { status: 404 });
  const waits = account ? await listMyWaits(services, account.id) : [];
  const offers = waits.filter((w) => w.state === "offered" && w.bookingId).map((w) => w.bookingId as string);
  const calendar = await getBookingCalendar(services, {
    service,
    day: url.searchParams.get("day"),
    except: moving ? moving.id : offers,
    until: until ?? undefined,
  });
  const start = url.searchParams.get("start");
  const shown = requestedPage(request);
  // A move keeps the session she has; a new booking needs current health answers (decision 046).
  const intake = moving || !account ? null : await getIntakeStatus(services, account.id);
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
    signedIn: Boolean(account),
    draftOwner: account ? draftOwnerOf(account.id) : null,
    mode: moving ? ("reschedule" as const) : packageId ? ("credit" as const) : ("pay" as const),
    moving: moving ? { id: moving.id, when: formatSessionTime(new Date(moving.startsAt)) } : null,
    packageId: packageId ?? null,
    packageEnds: until ? describeInstant(new Date(until.getTime() - 1)).day : null,
    /** The time chosen before signing in, or offered from the waiting list: chosen again on arrival. */
    chosen: calendar.slots.some((slot) => slot.start === start) ? start : null,
    waiting: waits.some((w) => w.serviceId === service.id && w.day === calendar.selected && w.state === "waiting"),
    cancelled: url.searchParams.get("checkout") === "cancelled",
    intake: intake && !intake.current ? { message: intake.message } : null,
    // The page as the browser shows it (a client-side navigation asks for `.data`), to come back to.
    healthQuestionsHref: `/my-sessions/health-questions?next=${encodeURIComponent(`${shown.pathname}${shown.search}`)}`,
  };
}

/** A ZYTO scan's Important Notes are acknowledged at booking (spec §1, decision 046). */
const isScan = (service: { page: string }) => service.page === "/zyto";

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const service = serviceOf(params);
  const form = await readForm(request);
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => v !== ""));
  const account = await getSessionUser(request, services);
  if (fields.intent === "waitlist" || fields.intent === "leave-waitlist") {
    const wait = waitFormSchema.safeParse(fields);
    if (!wait.success)
      return errorData(new AppError("invalid_request", "Please choose a day.", "Booking"), services.logger);
    if (!account) throw redirect(signInFor(service.id, { day: wait.data.day }));
    if (wait.data.intent === "leave-waitlist") {
      await leaveWaitlist(services, account.id, { serviceId: service.id, day: wait.data.day });
      return { left: "You have left the waiting list for this day." };
    }
    try {
      await joinWaitlist(services, account.id, { serviceId: service.id, day: wait.data.day });
      return { joined: bookingMessages.waitlistJoined };
    } catch (error) {
      return errorData(error, services.logger);
    }
  }
  const parsed = bookingFormSchema.safeParse(fields);
  if (!parsed.success) {
    if (!account) throw redirect(signInFor(service.id, {}));
    return errorData(new AppError("invalid_request", "Please choose a time.", "Booking"), services.logger);
  }
  // A visitor chose a time before signing in: to sign in, and back to that time.
  if (!account) {
    const { start } = parsed.data;
    const chosen = { day: describeInstant(start).date, start: start.toISOString() };
    throw redirect(signInFor(service.id, chosen, fields.then === "signup" ? "signup" : undefined));
  }
  const booked = (url: string, description: string) =>
    redirectWithToast(url, { title: "Session booked", description, variant: "default" }, services.env);
  const input = {
    serviceId: service.id,
    startsAt: parsed.data.start,
    place: parsed.data.place,
    note: parsed.data.note,
    expressRequest: parsed.data.express === "on",
    clientTimeZone: parseClientTimeZone(parsed.data.zone),
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
    // Every new booking, paid or from a package: answers to the current health questions first.
    await requireCurrentIntake(services, account.id);
    if (isScan(service) && parsed.data.disclaimer !== "on")
      throw new AppError("invalid_request", INTAKE_MESSAGES.disclaimer, "Booking");
    if (parsed.data.package) {
      const { bookingId } = await bookWithCredit(services, account, { ...input, packageId: parsed.data.package });
      return booked(`/my-sessions/${bookingId}`, formatSessionTime(input.startsAt));
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
    const { url, paidByVoucher } = typed
      ? await limitGuesses(services, codeGuesses(typed, clientIp), start)
      : await start();
    if (isScan(service))
      await recordScanDisclaimer(services, {
        userId: account.id,
        serviceTitle: service.title,
        startsAt: input.startsAt,
      });
    // A voucher that paid it all comes straight back, booked: said as a package booking is.
    if (paidByVoucher) return booked(url, `Paid by your gift voucher. ${formatSessionTime(input.startsAt)}`);
    return redirect(url);
  } catch (error) {
    return errorData(error, services.logger);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Book ${loaderData?.service.title ?? "a session"} | Sacred Healing` },
  { name: "robots", content: "noindex" },
];

export default function Book({ loaderData }: Route.ComponentProps) {
  const {
    service,
    calendar,
    signedIn,
    mode,
    moving,
    packageId,
    packageEnds,
    chosen,
    waiting,
    cancelled,
    intake,
    healthQuestionsHref,
  } = loaderData;
  const answer = useActionData<typeof action>();
  const refused = answer && "message" in answer ? answer.message : null;
  const joined = answer && "joined" in answer ? answer.joined : null;
  const left = answer && "left" in answer ? answer.left : null;
  const busy = useNavigation().state !== "idle";
  const zone = useVisitorZone();
  const alertRef = useRef<HTMLDivElement>(null);
  // Back from the health questions: the time, place and note she had chosen, as she left them.
  const draft = useBookingDraft(service.id, loaderData.draftOwner);
  // On a phone the message sits above the fold of a long form: bring it into view (it is also announced).
  useEffect(() => {
    if (refused) alertRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [refused]);
  const query = (date: string) => {
    const params = new URLSearchParams({ day: date });
    if (moving) params.set("reschedule", moving.id);
    if (packageId) params.set("package", packageId);
    return `?${params}`;
  };
  const dayName = describeInstant(new Date(`${calendar.selected}T12:00:00Z`)).day;
  const needsExpress = mode !== "reschedule" && calendar.selected < calendar.expressBefore;
  const title = <BookingTitle verb={mode === "reschedule" ? "Reschedule" : "Book"} service={service.title} />;
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
      <section className="mx-auto grid max-w-5xl items-start gap-8 px-4 pb-20 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className={cardClass("p-4 sm:p-6")}>
          <h2 className="text-2xl">1. Choose a day</h2>
          <p className="mt-1 text-sm text-muted">
            Times are UK time (Europe/London). Use the arrow keys to move between days.
          </p>
          {packageEnds ? (
            <p className="mt-1 text-sm text-muted" data-testid="package-ends">
              Your package's sessions must start by the end of {packageEnds}.
            </p>
          ) : null}
          <div className="mt-4">
            <DayCalendar days={calendar.days} selected={calendar.selected} hrefFor={query} />
          </div>
        </div>
        <Form ref={draft.formRef} method="post" className={cardClass("p-4 sm:p-6")} aria-labelledby="times-heading">
          {cancelled ? (
            <p role="status" className="mb-4 rounded-lg bg-plum-100 p-3 text-sm">
              Payment cancelled. No payment was taken, and the time was let go.
            </p>
          ) : null}
          {/* Always in the page, so a screen reader announces the message when it appears. */}
          <div ref={alertRef} aria-live="assertive" aria-atomic="true" className="scroll-mt-24">
            {refused ? (
              <p role="alert" className={noticeClass("error", "mb-4")} data-testid="booking-refused">
                {refused}
              </p>
            ) : null}
          </div>
          {intake ? (
            <HealthQuestionsFirst message={intake.message} href={healthQuestionsHref} onLeave={draft.keep} />
          ) : null}
          <h2 id="times-heading" className="text-2xl">
            2. Choose a time
          </h2>
          <p className="mt-1 text-sm text-muted">{dayName}</p>
          {calendar.slots.length === 0 ? (
            <p className="mt-4">
              {calendar.selectedFull
                ? "Every time on this day is booked."
                : "No times are free on this day. Please choose another day."}
            </p>
          ) : (
            <TimeChoices slots={calendar.slots} dayName={dayName} chosen={chosen} zone={zone} />
          )}
          {calendar.slots.length === 0 && calendar.selectedFull && mode !== "reschedule" ? (
            <WaitingListOffer
              day={calendar.selected}
              waiting={(joined || waiting) && !left ? (joined ?? bookingMessages.waitlistJoined) : null}
              left={left}
              signedIn={signedIn}
              busy={busy}
            />
          ) : null}
          {mode !== "reschedule" && calendar.slots.length > 0 ? (
            <BookingDetails places={service.places} askExpress={needsExpress && signedIn} askVoucher={mode === "pay"} />
          ) : null}
          {/* Asked once she is signed in: a visitor choosing a time goes to sign in first. */}
          {signedIn && mode !== "reschedule" && service.page === "/zyto" ? (
            <label className="mt-4 flex gap-3 text-sm">
              <input type="checkbox" name="disclaimer" required className="mt-0.5 size-5 shrink-0" />
              <span>{SCAN_DISCLAIMER_WORDING}</span>
            </label>
          ) : null}
          {moving ? <input type="hidden" name="reschedule" value={moving.id} /> : null}
          {packageId ? <input type="hidden" name="package" value={packageId} /> : null}
          {/* The client's own zone, so their e-mails give their time too (kept only if the server knows it). */}
          <input type="hidden" name="zone" value={zone ?? ""} />
          <p className="mt-4 text-xs text-muted" data-testid="cancellation-policy">
            {service.sessions > 1 || mode === "credit" ? cancellationPolicy.package : cancellationPolicy.session}
          </p>
          {/* A day without a free time offers its waiting list instead (above), not a button that cannot work. */}
          {calendar.slots.length > 0 ? (
            <button type="submit" className={buttonClass("primary", "mt-4 w-full")} disabled={busy || intake !== null}>
              {!signedIn
                ? "Sign in to book this time"
                : mode === "reschedule"
                  ? "Move my session"
                  : mode === "credit"
                    ? "Book this session"
                    : `Continue to payment (${formatAmount(service.priceCents)})`}
            </button>
          ) : null}
          {!signedIn && calendar.slots.length > 0 ? (
            <button
              type="submit"
              name="then"
              value="signup"
              className={buttonClass("secondary", "mt-3 w-full")}
              disabled={busy}
            >
              New here? Create an account to book
            </button>
          ) : null}
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

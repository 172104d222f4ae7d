import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { noticeClass } from "~/components/ui/notice";
import { BOOKING_LIMITS, EXPRESS_REQUEST_WORDING, type Place, placeLabel } from "../booking-model";
import { YourTime } from "./visitor-zone";

/**
 * The booking page's form, piece by piece (`routes/book.tsx` puts them together): the day's free
 * times, the waiting list of a full day, and what a client says about a new booking.
 */

/** The free times of the chosen day, each a radio button (UK time, and the visitor's where it differs). */
export function TimeChoices({
  slots,
  dayName,
  chosen,
  zone,
}: {
  slots: readonly { start: string; time: string }[];
  dayName: string;
  /** The time chosen before signing in, checked again; otherwise nothing is chosen for the client. */
  chosen: string | null | undefined;
  zone: string | null;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="sr-only">Free times on {dayName} (UK time)</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((slot) => (
          <label
            key={slot.start}
            className="group relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border border-plum-200 bg-white px-2 py-1 text-center font-semibold text-plum-900 has-checked:border-plum-700 has-checked:bg-plum-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-plum-700"
          >
            <input
              type="radio"
              name="start"
              value={slot.start}
              required
              defaultChecked={slot.start === chosen}
              className="sr-only"
            />
            <span>{slot.time}</span>
            <YourTime iso={slot.start} zone={zone} className="text-muted group-has-checked:text-white" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A fully booked day's waiting list: join it, or (once on it) leave it. */
export function WaitingListOffer({
  day,
  waiting,
  left,
  signedIn,
  busy,
}: {
  day: string;
  /** What to say while the client is on the list; null when she is not. */
  waiting: string | null;
  /** What to say when she has just left it. */
  left: string | null | undefined;
  signedIn: boolean;
  busy: boolean;
}) {
  const submit = (intent: string, label: string) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      className={buttonClass("secondary", "mt-3")}
      disabled={busy}
    >
      {label}
    </button>
  );
  return (
    <div className="mt-4 rounded-lg bg-plum-100 p-3 text-sm" data-testid="waitlist">
      <input type="hidden" name="day" value={day} />
      {waiting ? (
        <>
          <p role="status">{waiting}</p>
          {submit("leave-waitlist", "Leave the waiting list")}
        </>
      ) : (
        <>
          {left ? <p role="status">{left}</p> : null}
          <p>
            If a time frees up on this day, the first person waiting is e-mailed and the time is held for them for{" "}
            {BOOKING_LIMITS.waitlistHoldMinutes / 60} hours.
          </p>
          {submit("waitlist", signedIn ? "Tell me if a time frees up" : "Sign in to join the waiting list")}
        </>
      )}
    </div>
  );
}

/**
 * A new booking waits for current answers to the health questions (decision 046): the way there.
 * `onLeave` keeps what she has chosen so far, to find it again on her return.
 */
export function HealthQuestionsFirst({
  message,
  href,
  onLeave,
}: {
  message: string | null;
  href: string;
  onLeave(): void;
}) {
  return (
    <div className={noticeClass("info", "mb-4")} data-testid="intake-needed">
      <p>{message}</p>
      <Link to={href} className={buttonClass("primary", "mt-3")} onClick={onLeave}>
        Answer the health questions
      </Link>
    </div>
  );
}

/** Where the session is, a note for her, the express request inside the cancellation period, a voucher. */
export function BookingDetails({
  places,
  askExpress,
  askVoucher,
}: {
  places: readonly Place[];
  askExpress: boolean;
  askVoucher: boolean;
}) {
  return (
    <>
      {places.length > 1 ? (
        <fieldset className="mt-6">
          <legend className="text-sm font-semibold text-plum-900">Where</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {places.map((place, i) => (
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
      <p id="note-hint" className="mt-1 text-sm text-muted">
        Please keep health details for the health questions, where they are kept private.
      </p>
      <textarea
        id="note"
        name="note"
        aria-describedby="note-hint"
        maxLength={BOOKING_LIMITS.noteLength}
        rows={3}
        className="mt-1 w-full rounded-lg border border-plum-200 p-2"
      />
      {askExpress ? (
        <label className="mt-4 flex gap-3 text-sm">
          <input type="checkbox" name="express" required className="mt-0.5 size-5 shrink-0" />
          <span>{EXPRESS_REQUEST_WORDING}</span>
        </label>
      ) : null}
      {askVoucher ? (
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
  );
}

/**
 * Every fact of booking, once: the services sold as sessions (spec §9), where they happen, the
 * states a booking moves through, and the 24-hour policy's numbers. Shared by the browser and the
 * server (no I/O); the database columns take their allowed values from here.
 */
import { reikiPackages, scanSessions } from "~/content/sessions";

export const PLACES = ["in_person", "distance"] as const;
export type Place = (typeof PLACES)[number];

export type BookableService = {
  id: string;
  title: string;
  priceCents: number;
  /** Length of one session. */
  minutes: number;
  places: readonly Place[];
  /** Sessions the price buys: the first is booked at purchase, the rest become credits. */
  sessions: number;
  /** A package's sessions must all start within this many days of the first. */
  windowDays?: number;
  /** A package's sessions are at least this many London days apart ("one a week"). */
  minGapDays?: number;
  /** Which page sells it, for 'Questions first?' and the way back. */
  page: "/reiki" | "/zyto";
};

const title = (id: string) => [...reikiPackages, ...scanSessions].find((s) => s.id === id)?.title ?? id;
const price = (id: string) => [...reikiPackages, ...scanSessions].find((s) => s.id === id)?.pricePence ?? 0;

/** Spec §9 packages as bookable services; prices come from the content the pages show. */
export const SERVICES: readonly BookableService[] = [
  {
    id: "one-on-one",
    title: title("one-on-one"),
    priceCents: price("one-on-one"),
    minutes: 60,
    places: PLACES,
    sessions: 1,
    page: "/reiki",
  },
  {
    id: "healing-journey",
    title: title("healing-journey"),
    priceCents: price("healing-journey"),
    minutes: 60,
    places: PLACES,
    sessions: 2,
    // "2 sessions per month": both within a month of the first.
    windowDays: 31,
    page: "/reiki",
  },
  {
    id: "transformation-journey",
    title: title("transformation-journey"),
    priceCents: price("transformation-journey"),
    minutes: 60,
    places: PLACES,
    sessions: 4,
    windowDays: 42,
    minGapDays: 7,
    page: "/reiki",
  },
  {
    id: "standard-scan",
    title: title("standard-scan"),
    priceCents: price("standard-scan"),
    minutes: 30,
    places: ["in_person"],
    sessions: 1,
    page: "/zyto",
  },
  {
    id: "scan-spiritual-guidance",
    title: title("scan-spiritual-guidance"),
    priceCents: price("scan-spiritual-guidance"),
    minutes: 60,
    places: ["in_person"],
    sessions: 1,
    page: "/zyto",
  },
  {
    id: "scan-reiki",
    title: title("scan-reiki"),
    priceCents: price("scan-reiki"),
    minutes: 90,
    places: ["in_person"],
    sessions: 1,
    page: "/zyto",
  },
];

export const SERVICE_IDS = [
  "one-on-one",
  "healing-journey",
  "transformation-journey",
  "standard-scan",
  "scan-spiritual-guidance",
  "scan-reiki",
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export function findService(id: string): BookableService | undefined {
  return SERVICES.find((service) => service.id === id);
}

/** One session's share of what was paid: a package's price split evenly over its sessions. */
export function sessionShareCents(service: BookableService): number {
  return Math.floor(service.priceCents / service.sessions);
}

/**
 * What each of a package's credits is worth: what its line took, split evenly, the last credit
 * taking the pence left over, so the credits add up to exactly what was paid.
 */
export function creditShares(amountCents: number, sessions: number): number[] {
  const share = Math.floor(amountCents / sessions);
  return Array.from({ length: sessions }, (_, i) =>
    i === sessions - 1 ? amountCents - share * (sessions - 1) : share,
  );
}

/**
 * `held` while the client pays (until `hold_expires_at`), `confirmed` once paid, `cancelled` by
 * either side, `released` when the hold ended unpaid, `refused` when a payment came for a slot that
 * was no longer free (refunded).
 */
export const BOOKING_STATUSES = ["held", "confirmed", "cancelled", "released", "refused"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const ATTENDANCE = ["attended", "no_show"] as const;
export type Attendance = (typeof ATTENDANCE)[number];
export const CANCELLED_BY = ["client", "practitioner"] as const;
/** A package credit's one state at a time (decision 041); `refunded` and `expired` are final. */
export const CREDIT_STATES = ["available", "booked", "attended", "missed", "refunded", "expired"] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
/** `day_before`: 24 hours before, every session; `distance_evening`: how a distance session works, the evening before. */
export const REMINDER_KINDS = ["day_before", "distance_evening"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The purchase line of a booking names it, so a payment always finds its booking (even via Stripe metadata). */
export const BOOKING_LINE_PREFIX = "booking:";
export const bookingLineId = (bookingId: string) => `${BOOKING_LINE_PREFIX}${bookingId}`;
export const bookingIdOfLine = (productId: string): string | null =>
  productId.startsWith(BOOKING_LINE_PREFIX) ? productId.slice(BOOKING_LINE_PREFIX.length) : null;

/** A place on the waiting list (decision 047): see the `booking_waitlist` table. */
export const WAITLIST_STATES = ["waiting", "offered", "booked", "lapsed", "left"] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const BOOKING_LIMITS = {
  /** How long a slot is held while the client pays. */
  holdMinutes: 15,
  /** How long a time freed up for the first client on the waiting list is held for them. */
  waitlistHoldMinutes: 120,
  /** Reg. 36 applies when the service would begin within the 14-day cancellation period. */
  expressRequestDays: 14,
  /** Cancel with a full refund, or reschedule, up to this long before the start. */
  policyHours: 24,
  /** The late-cancellation refund (spec §9: "a 50% fee"). */
  lateRefundPercent: 50,
  noteLength: 1000,
  /** Start times are offered on this grid within the opening hours. */
  slotStepMinutes: 30,
} as const;

/** UK Consumer Contracts Regulations 2013, reg. 36: the client's express request, stored with the booking. */
export const EXPRESS_REQUEST_WORDING =
  "I ask for my session to take place within the 14-day cancellation period, and I understand that I pay for any part of it already given if I cancel within that period";

export const placeLabel = (place: Place): string => (place === "distance" ? "Distance (online)" : "In person");

/** The Refund Policy's terms as the booking page states them before she pays (decision 041). */
export const cancellationPolicy = {
  session:
    "Cancel up to 24 hours before for a full refund; later or on the day, 50% is refunded. Within 14 days of booking, cancelling before the session starts is always refunded in full. Reschedule up to 24 hours before.",
  package:
    "A package session cancelled up to 24 hours before (or at any time before it starts, within 14 days of buying the package) goes back on your package to book again; later or on the day, 50% of its share is refunded. You can end the package from My Sessions and have its unbooked sessions refunded in full. Reschedule up to 24 hours before.",
} as const;

export const bookingMessages = {
  slotTaken: "Sorry, that time has just been booked by someone else. Please choose another.",
  slotUnavailable: "That time is not available. Please choose another.",
  expressRequestMissing: "Please confirm you want your session to take place within the 14-day cancellation period.",
  placeNotOffered: "This session is only offered in person.",
  notFound: "Booking not found",
  notCancellable: "This session can no longer be cancelled.",
  amountChanged: (amount: string) => `The refund is now ${amount}. Please confirm again.`,
  rescheduleTooLate: "Sessions can be rescheduled up to 24 hours before they start.",
  noCredit: "There is no session left on this package.",
  packageRule: "This time is outside the package's rules.",
  alreadyStarted: "This session has already started, so it cannot be moved.",
  notStarted: "Attendance can be marked once the session has started.",
  notClient: "Choose a client from the list.",
  expressRequestByPhone: "This session is within 14 days: tick that the client asked for it to take place so soon.",
  waitlistDayHasTimes: "Times are free on this day: please choose one.",
  waitlistJoined:
    "You are on the waiting list for this day. If a time frees up, we will e-mail you and hold it for you.",
  invalidTimeZone: "Your time zone was not recognised.",
} as const;

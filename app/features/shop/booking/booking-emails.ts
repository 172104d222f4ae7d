/** Every booking e-mail, in the one layout (`renderEmail`). Pure: the caller sends them. */
import { contactFaqs } from "~/content/faqs";
import { formatAmount } from "~/lib/format-price";
import { renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { type Place, placeLabel } from "./booking-model";
import { formatSessionTime } from "./zoned-time";

export type SessionFacts = {
  id: string;
  serviceTitle: string;
  place: Place;
  startsAt: Date;
  endsAt: Date;
  note: string;
  /** Where an in-person session happens. */
  city: string;
  /** The client's page for this session: cancel or reschedule. */
  manageUrl: string;
  ics: string;
};

const DISTANCE_HOW =
  "Distance sessions: find a quiet, comfortable place where you will not be disturbed for the hour, lie or sit down, and rest. There is nothing to install and no call to join: the practitioner sends Reiki at the agreed time, and messages you when it is done.";

/** The contact page's FAQ answers (one source): distance healing, and how to prepare. */
const faqAnswer = (starts: string) => contactFaqs.find((faq) => faq.question.startsWith(starts))?.answer ?? "";

const rows = (s: SessionFacts) => [
  { label: "Session", value: s.serviceTitle },
  { label: "When", value: formatSessionTime(s.startsAt) },
  { label: "Where", value: s.place === "distance" ? placeLabel(s.place) : `In person, ${s.city}` },
];
const ics = (s: SessionFacts, method: "REQUEST" | "CANCEL" = "REQUEST") => [
  {
    filename: "session.ics",
    content: s.ics,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  },
];

export function bookingConfirmationEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
  paidCents: number | null,
): MailMessage {
  return {
    ...renderEmail(sender, {
      to: to.email,
      subject: `Your session is booked: ${formatSessionTime(session.startsAt)}`,
      paragraphs: [
        `Hello ${to.name},`,
        "Thank you: your session is booked. The attached calendar file adds it to Google, Apple or Outlook Calendar.",
      ],
      rows: [...rows(session), ...(paidCents !== null ? [{ label: "Paid", value: formatAmount(paidCents) }] : [])],
      action: { label: "Cancel or reschedule", url: session.manageUrl },
      after: [
        "Cancel up to 24 hours before for a full refund; later or on the day, 50% is refunded. You can reschedule up to 24 hours before.",
        ...(session.place === "distance" ? [DISTANCE_HOW] : []),
      ],
    }),
    attachments: ics(session),
  };
}

export function practitionerBookingEmail(
  sender: Sender,
  client: { email: string; name: string },
  session: SessionFacts,
  diaryUrl: string,
  change: "booked" | "rescheduled" | "cancelled" = "booked",
): MailMessage {
  const words = { booked: "New booking", rescheduled: "Rescheduled", cancelled: "Cancelled" }[change];
  return {
    ...renderEmail(sender, {
      to: sender.email,
      subject: `${words}: ${session.serviceTitle}, ${formatSessionTime(session.startsAt)}`,
      paragraphs: [`${words}: ${client.name} (${client.email}).`],
      rows: [...rows(session), ...(session.note ? [{ label: "Note", value: session.note }] : [])],
      action: { label: "Open the diary", url: diaryUrl },
    }),
    attachments: ics(session, change === "cancelled" ? "CANCEL" : "REQUEST"),
  };
}

export function bookingRescheduledEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
): MailMessage {
  return {
    ...renderEmail(sender, {
      to: to.email,
      subject: `Your session has moved: ${formatSessionTime(session.startsAt)}`,
      paragraphs: [`Hello ${to.name},`, "Your session has been rescheduled. The attached file updates your calendar."],
      rows: rows(session),
      action: { label: "Cancel or reschedule", url: session.manageUrl },
    }),
    attachments: ics(session),
  };
}

export function bookingReminderEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
): MailMessage {
  return {
    ...renderEmail(sender, {
      to: to.email,
      subject: `Reminder: your session tomorrow, ${formatSessionTime(session.startsAt)}`,
      paragraphs: [`Hello ${to.name},`, "A gentle reminder of your session tomorrow."],
      rows: rows(session),
      action: { label: "View your session", url: session.manageUrl },
      after: [
        ...(session.place === "distance" ? [DISTANCE_HOW] : []),
        "Drink some water beforehand and wear something comfortable.",
      ],
    }),
    attachments: ics(session),
  };
}

/** The evening before a distance session: how it works, from the contact page's FAQ. */
export function distanceSessionEveningEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
): MailMessage {
  return {
    ...renderEmail(sender, {
      to: to.email,
      subject: `How your distance session works: ${formatSessionTime(session.startsAt)}`,
      paragraphs: [
        `Hello ${to.name},`,
        "Your distance session is tomorrow. Here is how it works, so you can get ready this evening.",
        faqAnswer("Does distance healing work"),
        DISTANCE_HOW,
      ],
      rows: rows(session),
      action: { label: "View your session", url: session.manageUrl },
      after: [faqAnswer("How should I prepare").replace(/ For a ZYTO scan.*$/, "")],
    }),
    attachments: ics(session),
  };
}

export function bookingCancelledEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
  refund: { cents: number; percent: number; by: "client" | "practitioner" },
  accountUrl: string,
): MailMessage {
  return {
    ...renderEmail(sender, {
      to: to.email,
      subject: `Your session on ${formatSessionTime(session.startsAt)} is cancelled`,
      paragraphs: [
        `Hello ${to.name},`,
        refund.by === "practitioner"
          ? "We are sorry: the practitioner has had to cancel your session. You are refunded in full."
          : "Your session is cancelled, as you asked.",
      ],
      rows: [...rows(session), { label: `Refund (${refund.percent}%)`, value: formatAmount(refund.cents) }],
      action: { label: "My Sessions", url: accountUrl },
      after: ["Approved refunds reach your card within 5-10 business days, as our Refund Policy says."],
    }),
    attachments: ics(session, "CANCEL"),
  };
}

/** A payment that came for a slot no longer free: refunded, with an apology. */
export function slotTakenEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: { serviceTitle: string; startsAt: Date },
  refundCents: number,
  bookUrl: string,
): MailMessage {
  return renderEmail(sender, {
    to: to.email,
    subject: `We are sorry: that time was no longer free, and you are refunded ${formatAmount(refundCents)}`,
    paragraphs: [
      `Hello ${to.name},`,
      `We are sorry. Your payment for ${session.serviceTitle} on ${formatSessionTime(session.startsAt)} arrived after your hold on that time had ended, and someone else had booked it meanwhile. Nothing is booked, and your payment has been refunded in full.`,
    ],
    rows: [{ label: "Refund", value: formatAmount(refundCents) }],
    action: { label: "Choose another time", url: bookUrl },
    after: ["Approved refunds reach your card within 5-10 business days, as our Refund Policy says."],
  });
}

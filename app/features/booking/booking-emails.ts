/** Every booking e-mail, in the one layout (`renderEmail`). Pure: the caller sends them. */
import { contactFaqs } from "~/content/faqs";
import { formatAmount } from "~/lib/format-price";
import { type EmailContent, renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { formatSessionTime } from "~/lib/zoned-time";
import { type Place, placeLabel } from "./booking-model";

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

const REFUND_TIMING = "Approved refunds reach your card within 5-10 business days, as our Refund Policy says.";

const rows = (s: SessionFacts) => [
  { label: "Session", value: s.serviceTitle },
  { label: "When", value: formatSessionTime(s.startsAt) },
  { label: "Where", value: s.place === "distance" ? placeLabel(s.place) : `In person, ${s.city}` },
];
const distanceHow = (s: SessionFacts) => (s.place === "distance" ? [DISTANCE_HOW] : []);
const manageAction = (s: SessionFacts) => ({ label: "Cancel or reschedule", url: s.manageUrl });
const viewAction = (s: SessionFacts) => ({ label: "View your session", url: s.manageUrl });

/**
 * The frame every e-mail about one session shares: the session's rows first (then `extraRows`), and its
 * calendar file attached (CANCEL takes it out of the calendar).
 */
function sessionEmail(
  sender: Sender,
  to: string,
  session: SessionFacts,
  content: Omit<EmailContent, "to" | "rows"> & { extraRows?: EmailContent["rows"]; method?: "REQUEST" | "CANCEL" },
): MailMessage {
  const { extraRows = [], method = "REQUEST", ...rest } = content;
  return {
    ...renderEmail(sender, { ...rest, to, rows: [...rows(session), ...extraRows] }),
    attachments: [
      {
        filename: "session.ics",
        content: session.ics,
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      },
    ],
  };
}

/** An e-mail to the client about their session, opening with their name. */
function clientSessionEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
  content: Parameters<typeof sessionEmail>[3],
): MailMessage {
  return sessionEmail(sender, to.email, session, {
    ...content,
    paragraphs: [`Hello ${to.name},`, ...content.paragraphs],
  });
}

export function bookingConfirmationEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
  paidCents: number | null,
  /** The payment's VAT invoice, when the practitioner is VAT-registered (decision 050). */
  vatInvoiceRows: { label: string; value: string }[] = [],
): MailMessage {
  return clientSessionEmail(sender, to, session, {
    subject: `Your session is booked: ${formatSessionTime(session.startsAt)}`,
    paragraphs: [
      "Thank you: your session is booked. The attached calendar file adds it to Google, Apple or Outlook Calendar.",
      ...(vatInvoiceRows.length ? ["This e-mail is also your VAT invoice. Prices include VAT."] : []),
    ],
    extraRows: vatInvoiceRows.length
      ? vatInvoiceRows
      : paidCents !== null
        ? [{ label: "Paid", value: formatAmount(paidCents) }]
        : [],
    action: manageAction(session),
    after: [
      "Cancel up to 24 hours before for a full refund; later or on the day, 50% is refunded. You can reschedule up to 24 hours before.",
      ...distanceHow(session),
    ],
  });
}

export function practitionerBookingEmail(
  sender: Sender,
  client: { email: string; name: string },
  session: SessionFacts,
  diaryUrl: string,
  change: "booked" | "rescheduled" | "cancelled" = "booked",
): MailMessage {
  const words = { booked: "New booking", rescheduled: "Rescheduled", cancelled: "Cancelled" }[change];
  return sessionEmail(sender, sender.email, session, {
    subject: `${words}: ${session.serviceTitle}, ${formatSessionTime(session.startsAt)}`,
    paragraphs: [`${words}: ${client.name} (${client.email}).`],
    extraRows: session.note ? [{ label: "Note", value: session.note }] : [],
    action: { label: "Open the diary", url: diaryUrl },
    method: change === "cancelled" ? "CANCEL" : "REQUEST",
  });
}

export function bookingRescheduledEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
): MailMessage {
  return clientSessionEmail(sender, to, session, {
    subject: `Your session has moved: ${formatSessionTime(session.startsAt)}`,
    paragraphs: ["Your session has been rescheduled. The attached file updates your calendar."],
    action: manageAction(session),
  });
}

export function bookingReminderEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
): MailMessage {
  return clientSessionEmail(sender, to, session, {
    subject: `Reminder: your session tomorrow, ${formatSessionTime(session.startsAt)}`,
    paragraphs: ["A gentle reminder of your session tomorrow."],
    action: viewAction(session),
    after: [...distanceHow(session), "Drink some water beforehand and wear something comfortable."],
  });
}

/** The evening before a distance session: how it works, from the contact page's FAQ. */
export function distanceSessionEveningEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
): MailMessage {
  return clientSessionEmail(sender, to, session, {
    subject: `How your distance session works: ${formatSessionTime(session.startsAt)}`,
    paragraphs: [
      "Your distance session is tomorrow. Here is how it works, so you can get ready this evening.",
      faqAnswer("Does distance healing work"),
      DISTANCE_HOW,
    ],
    action: viewAction(session),
    after: [faqAnswer("How should I prepare").replace(/ For a ZYTO scan.*$/, "")],
  });
}

export function bookingCancelledEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
  refund: { cents: number; percent: number; by: "client" | "practitioner"; creditReturned?: boolean | undefined },
  accountUrl: string,
): MailMessage {
  return clientSessionEmail(sender, to, session, {
    subject: `Your session on ${formatSessionTime(session.startsAt)} is cancelled`,
    paragraphs: [
      refund.by === "practitioner"
        ? refund.creditReturned
          ? "We are sorry: the practitioner has had to cancel your session. The session is back on your package to book again."
          : "We are sorry: the practitioner has had to cancel your session. You are refunded in full."
        : refund.creditReturned
          ? "Your session is cancelled, as you asked. The session is back on your package to book again."
          : "Your session is cancelled, as you asked.",
    ],
    extraRows: refund.creditReturned
      ? [{ label: "Package", value: "1 session returned" }]
      : [{ label: `Refund (${refund.percent}%)`, value: formatAmount(refund.cents) }],
    action: { label: "My Sessions", url: accountUrl },
    after: refund.creditReturned ? [] : [REFUND_TIMING],
    method: "CANCEL",
  });
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
    after: [REFUND_TIMING],
  });
}

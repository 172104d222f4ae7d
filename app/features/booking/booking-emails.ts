import { HOW_TO_CANCEL } from "~/content/legal/refund-policy";
import { policyTerms } from "~/content/policies";
/** Every booking e-mail, in the one layout (`renderEmail`). Pure: the caller sends them. */

import { contactFaqs } from "~/content/faqs";
import { formatAmount } from "~/lib/format-price";
import { type EmailContent, renderEmail, type Sender } from "~/lib/mail/email-layout";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { orderTotalText } from "~/lib/order-total";
import { refundSplit } from "~/lib/refund-split";
import { formatSessionTime, visitorTime } from "~/lib/zoned-time";
import { type Place, placeLabel } from "./booking-model";

export type SessionFacts = {
  id: string;
  serviceTitle: string;
  place: Place;
  startsAt: Date;
  endsAt: Date;
  note: string;
  /** Where an in-person session happens: her full address (the town when none is saved). */
  address: string;
  /** The client's page for this session: cancel or reschedule. */
  manageUrl: string;
  /** The client's own time zone, from their browser when they booked (null: not known). */
  clientTimeZone?: string | null | undefined;
  ics: string;
};

const DISTANCE_HOW =
  "Distance sessions: find a quiet, comfortable place where you will not be disturbed for the hour, lie or sit down, and rest. There is nothing to install and no call to join: the practitioner sends Reiki at the agreed time, and messages you when it is done.";

/** The contact page's FAQ answers (one source): distance healing, and how to prepare. */
const faqAnswer = (starts: string) => contactFaqs.find((faq) => faq.question.startsWith(starts))?.answer ?? "";

/**
 * The session's time as a client abroad reads it, when their clock differs from the UK's: 'Tuesday 3
 * March 2026, 17:00 (America/New_York)'. Empty for a client in the UK, or one whose zone is unknown.
 */
export function yourTimeRows(startsAt: Date, zone: string | null | undefined, label = "Your time") {
  const theirs = visitorTime(startsAt, zone);
  return theirs ? [{ label, value: `${theirs.day}, ${theirs.time} (${theirs.zone.replace(/_/g, " ")})` }] : [];
}

const rows = (s: SessionFacts, audience: "client" | "practitioner") => [
  { label: "Session", value: s.serviceTitle },
  { label: "When", value: formatSessionTime(s.startsAt) },
  ...yourTimeRows(s.startsAt, s.clientTimeZone, audience === "client" ? "Your time" : "Client's time"),
  { label: "Where", value: s.place === "distance" ? placeLabel(s.place) : `In person, ${s.address}` },
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
  content: Omit<EmailContent, "to" | "rows"> & {
    extraRows?: EmailContent["rows"];
    method?: "REQUEST" | "CANCEL";
    audience?: "client" | "practitioner";
  },
): MailMessage {
  const { extraRows = [], method = "REQUEST", audience = "client", ...rest } = content;
  return {
    ...renderEmail(sender, { ...rest, to, rows: [...rows(session, audience), ...extraRows] }),
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

/** A session the practitioner booked for the client (decision 045): its price, paid to her or to pay. */
export type DiaryPayment = { priceCents: number; paid: boolean };

export function bookingConfirmationEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: SessionFacts,
  /** What was paid through the site: charged, and a gift voucher's part. */
  paid: { cardCents: number; voucherCents: number } | null,
  bookedFor?: DiaryPayment,
  /** The payment's VAT invoice, when the practitioner is VAT-registered (decision 050). */
  vatInvoiceRows: { label: string; value: string }[] = [],
): MailMessage {
  return clientSessionEmail(sender, to, session, {
    subject: `Your session is booked: ${formatSessionTime(session.startsAt)}`,
    paragraphs: [
      bookedFor
        ? "Your session is booked, as arranged with the practitioner. The attached calendar file adds it to Google, Apple or Outlook Calendar."
        : "Thank you: your session is booked. The attached calendar file adds it to Google, Apple or Outlook Calendar.",
      ...(vatInvoiceRows.length ? ["This e-mail is also your VAT invoice. Prices include VAT."] : []),
    ],
    extraRows: bookedFor
      ? [
          bookedFor.paid
            ? { label: "Paid", value: `${formatAmount(bookedFor.priceCents)}, to the practitioner` }
            : { label: "To pay", value: `${formatAmount(bookedFor.priceCents)}, at your session` },
        ]
      : vatInvoiceRows.length
        ? vatInvoiceRows
        : paid !== null
          ? [{ label: "Paid", value: orderTotalText(paid.cardCents, paid.voucherCents) }]
          : [],
    action: manageAction(session),
    after: [
      "Cancel up to 24 hours before for a full refund; later or on the day, 50% is refunded. You can reschedule up to 24 hours before.",
      policyTerms.cancellationPeriod,
      HOW_TO_CANCEL,
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
    audience: "practitioner",
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
  refund: {
    cents: number;
    /** What of it went back to a gift voucher (decision 048), to spend again at once. */
    voucherCents?: number | undefined;
    percent: number;
    by: "client" | "practitioner";
    creditReturned?: boolean | undefined;
    /** Booked by the practitioner: nothing was paid through the site, so the site refunds nothing. */
    paidOutside?: boolean | undefined;
    reason?: string | undefined;
  },
  accountUrl: string,
): MailMessage {
  const byPractitioner = refund.paidOutside
    ? "We are sorry: the practitioner has had to cancel your session. If you paid her for it, she returns it to you in full."
    : refund.creditReturned
      ? "We are sorry: the practitioner has had to cancel your session. The session is back on your package to book again."
      : "We are sorry: the practitioner has had to cancel your session. You are refunded in full.";
  const byClient = refund.paidOutside
    ? "Your session is cancelled, as you asked. Nothing was paid through the website; if you paid the practitioner directly, she settles any refund with you under our Refund Policy."
    : refund.creditReturned
      ? "Your session is cancelled, as you asked. The session is back on your package to book again."
      : "Your session is cancelled, as you asked.";
  const split = refundSplit(refund.cents, refund.voucherCents);
  return clientSessionEmail(sender, to, session, {
    subject: `Your session on ${formatSessionTime(session.startsAt)} is cancelled`,
    paragraphs: [
      refund.by === "practitioner" ? byPractitioner : byClient,
      ...(refund.by === "practitioner" && refund.reason ? [`The practitioner's message: ${refund.reason}`] : []),
    ],
    extraRows: refund.paidOutside
      ? []
      : refund.creditReturned
        ? [{ label: "Package", value: "1 session returned" }]
        : [{ label: `Refund (${refund.percent}%)`, value: formatAmount(refund.cents) }, ...split.rows],
    action: { label: "My Sessions", url: accountUrl },
    after: refund.creditReturned || refund.paidOutside ? [] : split.after,
    method: "CANCEL",
  });
}

/** A payment that came for a slot no longer free: refunded, with an apology. */
export function slotTakenEmail(
  sender: Sender,
  to: { email: string; name: string },
  session: { serviceTitle: string; startsAt: Date },
  refund: { cents: number; voucherCents?: number | undefined },
  bookUrl: string,
): MailMessage {
  const refundCents = refund.cents;
  const split = refundSplit(refund.cents, refund.voucherCents);
  return renderEmail(sender, {
    to: to.email,
    subject: `We are sorry: that time was no longer free, and you are refunded ${formatAmount(refundCents)}`,
    paragraphs: [
      `Hello ${to.name},`,
      `We are sorry. Your payment for ${session.serviceTitle} on ${formatSessionTime(session.startsAt)} arrived after your hold on that time had ended, and someone else had booked it meanwhile. Nothing is booked, and your payment has been refunded in full.`,
    ],
    rows: [{ label: "Refund", value: formatAmount(refundCents) }, ...split.rows],
    action: { label: "Choose another time", url: bookUrl },
    after: split.after,
  });
}

/** A time freed up on the day a client was waiting for: held for them until `holdUntil` (decision 047). */
export function waitlistOfferEmail(
  sender: Sender,
  to: { email: string; name: string },
  offer: { serviceTitle: string; startsAt: Date; holdUntil: Date; bookUrl: string },
): MailMessage {
  return renderEmail(sender, {
    to: to.email,
    subject: `A time has come free: ${formatSessionTime(offer.startsAt)}`,
    paragraphs: [
      `Hello ${to.name},`,
      `A time has come free on the day you were waiting for, and we are holding it for you until ${formatSessionTime(offer.holdUntil)}. After that it goes to the next person waiting.`,
    ],
    rows: [
      { label: "Session", value: offer.serviceTitle },
      { label: "When", value: formatSessionTime(offer.startsAt) },
    ],
    action: { label: "Book this time", url: offer.bookUrl },
    after: ["If you no longer need it, there is nothing to do: the hold simply ends."],
  });
}

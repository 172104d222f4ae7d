import { eq } from "drizzle-orm";
import { vatInvoiceRowsOf, voucherKeptOf } from "~/features/shop/line-kinds.server";
import { knownSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { type Booking, bookings, user } from "~/lib/db/schema.server";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { AppServices } from "~/lib/services.server";
import {
  bookingCancelledEmail,
  bookingConfirmationEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  type DiaryPayment,
  distanceSessionEveningEmail,
  practitionerBookingEmail,
  type SessionFacts,
  slotTakenEmail,
} from "./booking-emails";
import { renderCalendar } from "./booking-ics";
import { findService, placeLabel } from "./booking-model";
import { getPracticeDefaults } from "./practice-defaults";

/** Who booking e-mails and calendar files come from: the site settings' business. */
function practice() {
  const settings = knownSiteSettings();
  return { brand: settings.businessName, email: settings.email, practitioner: settings.practitionerName };
}

/** What the practitioner's calendar says of a client's note, in place of it. */
export const CALENDAR_NOTE_POINTER = "The client left a note: see the diary on the site.";

/** The sender of booking e-mails. */
export function practiceSender() {
  const { brand, email } = practice();
  return { brand, email };
}

/** A booking as its e-mails and calendar files describe it. */
export function sessionFacts(services: AppServices, booking: Booking): SessionFacts {
  const service = findService(booking.serviceId);
  const serviceTitle = service?.title ?? booking.serviceId;
  const manageUrl = `${services.env.PUBLIC_URL}/my-sessions/${booking.id}`;
  return {
    id: booking.id,
    serviceTitle,
    place: booking.place,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    note: booking.note,
    address: getPracticeDefaults().address,
    manageUrl,
    clientTimeZone: booking.clientTimeZone,
    ics: renderCalendar([calendarEvent(services, booking)], { name: practice().brand }),
  };
}

export function calendarEvent(services: AppServices, booking: Booking, forPractitioner?: { client: string }) {
  const service = findService(booking.serviceId);
  const host = new URL(services.env.PUBLIC_URL).host;
  const title = service?.title ?? booking.serviceId;
  return {
    uid: `${booking.id}@${host}`,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: forPractitioner ? `${title}: ${forPractitioner.client}` : `${title} with ${practice().practitioner}`,
    description: [
      `${title}, ${placeLabel(booking.place)}.`,
      // The client's note stays on the site: her calendar service (Google, Apple, Microsoft) is not
      // one the Privacy Policy names, and a note may hold health details.
      ...(forPractitioner && booking.note ? [CALENDAR_NOTE_POINTER] : []),
      forPractitioner ? "" : `Cancel or reschedule: ${services.env.PUBLIC_URL}/my-sessions/${booking.id}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: booking.place === "distance" ? "Distance session" : getPracticeDefaults().address,
    url: forPractitioner ? undefined : `${services.env.PUBLIC_URL}/my-sessions/${booking.id}`,
    cancelled: booking.status === "cancelled",
  };
}

type BookingMail =
  | { kind: "confirmed"; paidCents: number | null; bookedFor?: DiaryPayment | undefined }
  | { kind: "rescheduled" }
  | { kind: "reminder" }
  | { kind: "distance_evening" }
  | {
      kind: "cancelled";
      refundCents: number;
      /** What of it went back to a gift voucher. */
      voucherCents?: number | undefined;
      percent: number;
      by: "client" | "practitioner";
      creditReturned?: boolean | undefined;
      /** Booked by the practitioner: any money went to her directly, not through the site. */
      paidOutside?: boolean | undefined;
      reason?: string | undefined;
    }
  | { kind: "slot_taken"; refundCents: number; voucherCents?: number | undefined };

/**
 * Sends a booking's e-mail(s) after the change is committed. A failure is logged, never undoes the
 * booking; the caller decides whether to retry (reminders do).
 */
export async function sendBookingMail(services: AppServices, bookingId: string, mail: BookingMail): Promise<void> {
  const { db } = services.database;
  const [row] = await db
    .select({ booking: bookings, email: user.email, name: user.name })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) return;
  const client = { email: row.email, name: row.name };
  const { brand, email } = practice();
  const sender = { brand, email };
  const facts = sessionFacts(services, row.booking);
  const diaryUrl = `${services.env.PUBLIC_URL}/admin/bookings`;
  const messages: MailMessage[] = [];
  switch (mail.kind) {
    case "confirmed": {
      // A VAT invoice says what was paid in its own rows; otherwise one 'Paid' line does.
      const { purchaseId } = row.booking;
      const vatRows = purchaseId ? await vatInvoiceRowsOf(db, purchaseId) : [];
      const paid =
        mail.paidCents === null || vatRows.length > 0
          ? null
          : { cardCents: mail.paidCents, voucherCents: await voucherKeptOf(db, purchaseId) };
      messages.push(bookingConfirmationEmail(sender, client, facts, paid, mail.bookedFor, vatRows));
      messages.push(practitionerBookingEmail(sender, client, facts, diaryUrl));
      break;
    }
    case "rescheduled":
      messages.push(bookingRescheduledEmail(sender, client, facts));
      messages.push(practitionerBookingEmail(sender, client, facts, diaryUrl, "rescheduled"));
      break;
    case "reminder":
      messages.push(bookingReminderEmail(sender, client, facts));
      break;
    case "distance_evening":
      messages.push(distanceSessionEveningEmail(sender, client, facts));
      break;
    case "cancelled":
      messages.push(
        bookingCancelledEmail(
          sender,
          client,
          facts,
          {
            cents: mail.refundCents,
            voucherCents: mail.voucherCents,
            percent: mail.percent,
            by: mail.by,
            creditReturned: mail.creditReturned,
            paidOutside: mail.paidOutside,
            reason: mail.reason,
          },
          `${services.env.PUBLIC_URL}/my-sessions`,
        ),
      );
      if (mail.by === "client") messages.push(practitionerBookingEmail(sender, client, facts, diaryUrl, "cancelled"));
      break;
    case "slot_taken":
      messages.push(
        slotTakenEmail(
          sender,
          client,
          facts,
          { cents: mail.refundCents, voucherCents: mail.voucherCents },
          `${services.env.PUBLIC_URL}/book/${row.booking.serviceId}`,
        ),
      );
      break;
  }
  for (const message of messages) await services.mailer.send(message);
}

/** Like sendBookingMail, for paths where the change already happened: a failure is only logged. */
export async function trySendBookingMail(services: AppServices, bookingId: string, mail: BookingMail) {
  try {
    await sendBookingMail(services, bookingId, mail);
  } catch (error) {
    services.logger.error({ err: error, bookingId, kind: mail.kind }, "booking e-mail failed");
  }
}

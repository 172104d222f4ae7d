/**
 * How long each kind of personal data is kept: the ONE place these periods are stated (decision 049).
 * The retention job (`features/rights/run-retention.server.ts`) erases by them, and the Privacy
 * Policy quotes `retentionSentences`, so what the policy promises is what the code does.
 */
import { zonedDate, zonedInstant } from "./zoned-time";

export const RETENTION = {
  /** A sign-up whose address was never confirmed (its confirmation link lives one day). */
  unconfirmedSignUpDays: 7,
  /** A "download my data" file, from when it was made. */
  dataExportDays: 7,
  /** Orders, refunds and bookings of a closed account, after the end of the tax year it closed in (`booksKeptUntil`). */
  financialRecordYears: 6,
  /** Session notes and health information, after the client's last session. */
  healthNotesYears: 2,
  /** A data-protection complaint, after it was answered. */
  answeredComplaintYears: 3,
} as const;

const DAY_MS = 86_400_000;

/**
 * When a closed account's books may go: six years after the end of the UK tax year (6 April to
 * 5 April, in London) in which it closed. Every sale of hers was made by then, so this covers both
 * of HMRC's rules: a sole trader keeps records five years after the 31 January return deadline that
 * follows the sale's tax year (Taxes Management Act 1970 s. 12B), and VAT records six years (VAT Act
 * 1994 Sch. 11 para 6). Counting six years from the closing alone could delete a sale's records
 * nine months early. `lastEntry` is the closing, or a refund of hers made after it if later.
 */
export function booksKeptUntil(lastEntry: Date): Date {
  const day = zonedDate(lastEntry);
  const year = Number(day.slice(0, 4));
  const taxYearEnds = day.slice(5) <= "04-05" ? year : year + 1;
  return zonedInstant(`${taxYearEnds + RETENTION.financialRecordYears}-04-06`, "00:00");
}

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** `years` calendar years before `now` (UTC), for the periods counted in years. */
export function yearsAgo(now: Date, years: number): Date {
  const then = new Date(now);
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then;
}

/** The periods as the Privacy Policy states them. */
export const retentionSentences = [
  `Financial records (orders, payments, refunds and bookings) are kept for ${RETENTION.financialRecordYears} years, as UK tax law requires. When you close your account they are kept without your name or e-mail address, then deleted ${RETENTION.financialRecordYears} years after the end of the tax year (5 April) in which you closed it.`,
  "Account data is kept while your account is open and erased as soon as you close it from your account page (or we close it at your request).",
  `Session notes and health information are kept for up to ${RETENTION.healthNotesYears} years after your last session, then deleted.`,
  `A sign-up that is never confirmed is deleted after ${RETENTION.unconfirmedSignUpDays} days, and a password reset link stops working after one hour.`,
  `A copy of your data that you download from your account is kept for ${RETENTION.dataExportDays} days, then deleted.`,
  `A data-protection complaint is kept for ${RETENTION.answeredComplaintYears} years after we answer it.`,
  "Enquiries that do not lead to a booking are deleted after 12 months.",
] as const;

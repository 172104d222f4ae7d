import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { reserveAttempt } from "~/features/accounts/attempt-limiter.server";
import { authLimits } from "~/features/accounts/auth-limits.server";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { AppError } from "~/lib/app-error";
import { complaints } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { sanitiseText } from "~/lib/sanitise-text";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";
import { complaintDeadlines, complaintReference } from "./complaint-dates";
import { complaintOwnerNoticeEmail, complaintReceivedEmail } from "./rights-emails";

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((v) => sanitiseText(v).trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

export const complaintSchema = z.object({
  name: text(100, "Please enter your name.", "Your name is too long."),
  email: z
    .string({ error: "Please enter your e-mail address." })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.email("Please enter a valid e-mail address.").max(254, "That e-mail address is too long.")),
  message: text(
    5000,
    "Please tell us what your complaint is about.",
    "Please keep your complaint under 5,000 characters.",
  ),
});

/**
 * Records a data-protection complaint and acknowledges it by e-mail at once; the owner is told.
 * The acknowledgement's time is recorded only once it went, so the owner sees one that did not.
 */
export async function submitComplaint(
  services: AppServices,
  input: z.output<typeof complaintSchema>,
  from: { userId: string | null; ip: string },
  now = new Date(),
): Promise<{ reference: string; answerBy: Date }> {
  const { db } = services.database;
  // A public form that sends e-mail: limited per address and per client, as account e-mails are.
  const limits = authLimits(services.env);
  const reserved = await reserveAttempt(db, [limits.emailsTo(input.email), limits.emailsFromClient(from.ip)], now);
  if (!reserved.ok) {
    throw new AppError(
      "rate_limited",
      `Too many complaints sent from here. Please try again in ${Math.ceil(reserved.retryAfterSeconds / 60)} minutes, or write to us by e-mail.`,
    );
  }
  const userId = from.userId;
  const id = crypto.randomUUID();
  await db.insert(complaints).values({ id, userId, ...input, createdAt: now });
  const { answerBy } = complaintDeadlines(now);
  const seller = await sellerDetails(db);
  const reference = complaintReference(id);
  try {
    await services.mailer.send(
      complaintReceivedEmail(seller, input.email, input.name, reference, formatLongDate(answerBy)),
    );
    await db.update(complaints).set({ acknowledgedAt: new Date() }).where(eq(complaints.id, id));
  } catch (error) {
    services.logger.error({ err: error, complaint: id }, "complaint acknowledgement not sent");
  }
  try {
    await services.mailer.send(
      complaintOwnerNoticeEmail(seller, formatLongDate(answerBy), `${services.env.PUBLIC_URL}/admin/complaints`),
    );
  } catch (error) {
    services.logger.warn({ err: error }, "owner not told of a complaint");
  }
  return { reference, answerBy };
}

/** The owner's list: open ones first, oldest (nearest its deadline) first; then answered, newest first. */
export async function listComplaints(services: AppServices) {
  const rows = await services.database.db
    .select()
    .from(complaints)
    .orderBy(sql`${complaints.answeredAt} is not null`, asc(complaints.createdAt), desc(complaints.answeredAt))
    .limit(200);
  return rows.map((row) => ({ ...row, reference: complaintReference(row.id), ...complaintDeadlines(row.createdAt) }));
}

export async function markComplaintAnswered(services: AppServices, id: string, now = new Date()): Promise<void> {
  const [row] = await services.database.db
    .update(complaints)
    .set({ answeredAt: now })
    .where(and(eq(complaints.id, id), isNull(complaints.answeredAt)))
    .returning({ id: complaints.id });
  if (row) return;
  const [exists] = await services.database.db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.id, id));
  if (!exists) throw new AppError("not_found", "There is no such complaint.");
}

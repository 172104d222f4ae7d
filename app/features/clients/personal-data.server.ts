import { and, eq, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bookings, clientNotes, healthDataAccess, intakeAnswers, user } from "~/lib/db/schema.server";
import type { PersonalDataHolder } from "~/lib/personal-data.server";
import { RETENTION } from "~/lib/retention-periods";
import { eraseClientPersonalData } from "./erase-client-personal-data.server";
import { exportClientPersonalData } from "./export-client-personal-data.server";

/**
 * Client records' part of "download my data", "close my account" and retention (decisions 046, 049):
 * her intake answers (opened for the export, which is itself logged), consents, the practitioner's notes
 * about her and their access log. Notes and answers are health data: kept `RETENTION.healthNotesYears`
 * after her last session (or after they were written, if she never had one), then deleted, as the
 * Privacy Policy says. Her consents stay: they are the record of what she agreed to, and when.
 */
export const clientsPersonalData: PersonalDataHolder = {
  name: "clientRecords",
  async export(services, userId) {
    const [person] = await services.database.db
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    return exportClientPersonalData(services, {
      userId,
      actor: { id: userId, name: person?.name ?? "", email: person?.email ?? "", role: "client" },
    });
  },
  async erase(tx, userId) {
    await eraseClientPersonalData(tx, userId);
  },
  async expire(services, now) {
    const { db } = services.database;
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION.healthNotesYears);
    // Past its time: written before the cut-off, and her last session (if any) before it too.
    const pastItsTime = (clientId: AnyPgColumn, updatedAt: AnyPgColumn) =>
      and(
        lt(updatedAt, cutoff),
        sql`coalesce((${db
          .select({ at: sql`max(${bookings.startsAt})` })
          .from(bookings)
          .where(eq(bookings.userId, clientId))}), ${updatedAt}) < ${cutoff.toISOString()}`,
      );
    const gone = await db
      .delete(clientNotes)
      .where(pastItsTime(clientNotes.clientId, clientNotes.updatedAt))
      .returning({ id: clientNotes.id });
    const answers = await db
      .delete(intakeAnswers)
      .where(pastItsTime(intakeAnswers.userId, intakeAnswers.updatedAt))
      .returning({ userId: intakeAnswers.userId });
    // The log of reads of notes that are gone says nothing any more: it goes with them.
    const log = await db
      .delete(healthDataAccess)
      .where(lt(healthDataAccess.at, cutoff))
      .returning({ id: healthDataAccess.id });
    return { healthNotes: gone.length, healthAnswers: answers.length, healthAccessLog: log.length };
  },
};

/** Tables: client records, intake, consents and the health data access log (decision 046). */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCESS_ACTIONS, ACCESS_ROLES, ACCESS_SUBJECTS, CONSENT_KINDS } from "~/features/clients/clients-model";
import type { IntakeQuestion } from "~/features/clients/intake-model";
import { user } from "./accounts.server";
import { createdAt, updatedAt } from "./columns";

/**
 * Every version of the intake form, never changed once written: an edit adds the next version, so
 * answers name the questions they answered. No row: the default form is version 1.
 */
export const intakeForms = pgTable("intake_forms", {
  version: integer("version").primaryKey(),
  questions: jsonb("questions").$type<IntakeQuestion[]>().notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * A client's latest intake answers, sealed (AES-256-GCM, `app/lib/health-cipher.server.ts`): the
 * column holds no plain text. Kept only while her health data consent stands; withdrawn, the row goes.
 */
export const intakeAnswers = pgTable("intake_answers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  formVersion: integer("form_version").notNull(),
  sealedAnswers: text("sealed_answers").notNull(),
  /** The consent these answers were given under. */
  consentId: text("consent_id")
    .notNull()
    .references(() => clientConsents.id, { onDelete: "no action" }),
  updatedAt: updatedAt(),
});

/** Each consent given, with its exact wording and time; a health data consent can be withdrawn. */
export const clientConsents = pgTable(
  "client_consents",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONSENT_KINDS }).notNull(),
    wording: text("wording").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** What it was given for (a scan's service and time), for the record. */
    context: text("context").notNull().default(""),
  },
  (t) => [
    index("client_consents_user_idx").on(t.userId, t.givenAt),
    // One standing health data consent per client, however many saves race.
    uniqueIndex("client_consents_standing_idx")
      .on(t.userId)
      .where(sql`${t.kind} = 'health_data' and ${t.withdrawnAt} is null`),
  ],
);

/** The practitioner's private notes on a client, sealed like the intake answers. */
export const clientNotes = pgTable(
  "client_notes",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    sealedBody: text("sealed_body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("client_notes_client_idx").on(t.clientId, t.createdAt)],
);

/** Every read and write of a client's health data: who, when, what. Shown on her record. */
export const healthDataAccess = pgTable(
  "health_data_access",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's name and e-mail at the time, so the line still says who after their account goes. */
    actorLabel: text("actor_label").notNull(),
    role: text("role", { enum: ACCESS_ROLES }).notNull(),
    action: text("action", { enum: ACCESS_ACTIONS }).notNull(),
    subject: text("subject", { enum: ACCESS_SUBJECTS }).notNull(),
    detail: text("detail").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_data_access_client_idx").on(t.clientId, t.at)],
);

export type ClientConsent = typeof clientConsents.$inferSelect;
export type HealthDataAccess = typeof healthDataAccess.$inferSelect;

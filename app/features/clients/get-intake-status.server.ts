import { and, eq, isNull } from "drizzle-orm";
import { type CacheSpec, cacheUntilChanged } from "~/lib/db/cache-until-changed.server";
import { clientConsents, intakeAnswers } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { getIntakeForm } from "./get-intake-form.server";
import { INTAKE_MESSAGES } from "./intake-model";

export type IntakeStatus = {
  formVersion: number;
  /** The version her stored answers answer; null without answers. */
  answeredVersion: number | null;
  consented: boolean;
  /** Answers to the current form under a standing consent: she may book. */
  current: boolean;
  /** Why she may not, when she may not. */
  message: string | null;
};

/** Whether a client's intake is current. Reads no health data (the sealed answers stay closed). */
export function getIntakeStatus(services: AppServices, userId: string): Promise<IntakeStatus> {
  const { db } = services.database;
  // The booking page asks on every visit: read once per change of the form, her answers or consents.
  return cacheUntilChanged(db, INTAKE_STATUS, userId, () => readIntakeStatus(services, userId));
}

const INTAKE_STATUS: CacheSpec = {
  name: "intake-status",
  tables: ["intake_forms", "intake_answers", "client_consents"],
  ttlMs: 5 * 60_000,
  maxEntries: 2_000,
};

async function readIntakeStatus(services: AppServices, userId: string): Promise<IntakeStatus> {
  const { db } = services.database;
  const form = await getIntakeForm(db);
  const [answered] = await db
    .select({ version: intakeAnswers.formVersion })
    .from(intakeAnswers)
    .where(eq(intakeAnswers.userId, userId));
  const [consent] = await db
    .select({ id: clientConsents.id })
    .from(clientConsents)
    .where(
      and(
        eq(clientConsents.userId, userId),
        eq(clientConsents.kind, "health_data"),
        isNull(clientConsents.withdrawnAt),
      ),
    )
    .limit(1);
  const answeredVersion = answered?.version ?? null;
  const consented = Boolean(consent);
  const current = consented && answeredVersion === form.version;
  return {
    formVersion: form.version,
    answeredVersion,
    consented,
    current,
    message: current
      ? null
      : answeredVersion === null || !consented
        ? INTAKE_MESSAGES.required
        : INTAKE_MESSAGES.outdated,
  };
}

import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { getIntakeStatus } from "./get-intake-status.server";
import { INTAKE_MESSAGES } from "./intake-model";

/**
 * The server's rule before a new booking (decision 046): answers to the current form, given under
 * a standing consent. Refused (403) with a message that says what to do; the booking page links to
 * the questions.
 */
export async function requireCurrentIntake(services: AppServices, userId: string): Promise<void> {
  const status = await getIntakeStatus(services, userId);
  if (!status.current)
    throw new AppError("forbidden", {
      title: "Health questions",
      description: status.message ?? INTAKE_MESSAGES.required,
    });
}

import { randomUUID } from "node:crypto";
import { clientConsents } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { formatSessionTime } from "~/lib/zoned-time";
import { SCAN_DISCLAIMER_WORDING } from "./intake-model";

/** Records that a client acknowledged the ZYTO scan's Important Notes, word for word, when booking it. */
export async function recordScanDisclaimer(
  services: AppServices,
  input: { userId: string; serviceTitle: string; startsAt: Date },
) {
  await services.database.db.insert(clientConsents).values({
    id: randomUUID(),
    userId: input.userId,
    kind: "scan_disclaimer",
    wording: SCAN_DISCLAIMER_WORDING,
    context: `${input.serviceTitle}, ${formatSessionTime(input.startsAt)}`,
  });
}

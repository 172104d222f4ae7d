import { personalDataHolders } from "~/lib/personal-data.server";
import type { AppServices } from "~/lib/services.server";

export const EXPORT_FORMAT = "sacred-healing-personal-data/1";

/** Everything held about one person, from every registered holder, as one JSON document (art. 15, 20). */
export async function collectPersonalData(services: AppServices, userId: string, now = new Date()) {
  const parts: Record<string, unknown> = {};
  for (const holder of personalDataHolders()) parts[holder.name] = await holder.export(services, userId);
  return {
    format: EXPORT_FORMAT,
    madeAt: now.toISOString(),
    about:
      "Everything this website holds about you. Dates are in UTC. Amounts are in pence. Receipts are rebuilt from the order records as they were sold.",
    ...parts,
  };
}

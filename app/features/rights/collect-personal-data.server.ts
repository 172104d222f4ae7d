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
    about: [
      "Everything this website holds about you. Dates are in UTC; amounts are in pence.",
      "Your consents are in the records they belong to: shop.orders[].consent (that a download starts at once and you lose the right to cancel) and booking.sessions[].expressRequest (that a session starts within the 14-day cancellation period). Your cookie choice is kept only in your own browser, not by us.",
      "Receipts are rebuilt from your order records, which keep every item and price as sold.",
    ],
    ...parts,
  };
}

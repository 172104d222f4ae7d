import { getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { townLine } from "~/features/site-settings/site-details";
import type { Database } from "~/lib/db/client.server";

/** Who sells: what a receipt, a notice and every e-mail's footer name. */
export type SellerDetails = {
  /** The shop's name. */
  brand: string;
  /** The trader behind it (the Consumer Contracts Regulations ask a receipt to name them). */
  name: string;
  /** The trader's geographic address. */
  address: string;
  /** Where customers write. */
  email: string;
  /** Her VAT registration number; null when she is not registered (receipts then say nothing of VAT). */
  vatNumber: string | null;
};

/**
 * The seller's details, read in this one place, from the owner's site settings (decision 031):
 * the business name, the seller's legal name, the postal address (the town until one is entered)
 * and the contact e-mail. `getSiteSettings` keeps them in memory until the next save.
 */
export async function sellerDetails(db: Database): Promise<SellerDetails> {
  const settings = await getSiteSettings(db);
  return {
    brand: settings.businessName,
    name: settings.sellerLegalName,
    address: settings.postalAddress || townLine(settings),
    email: settings.email,
    vatNumber: settings.vatNumber.trim() || null,
  };
}

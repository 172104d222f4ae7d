import { site } from "~/content/site";
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
};

/**
 * The seller's details, read in this one place. Today they come from the site's content
 * (`app/content/site.ts`); when the owner edits them as site settings, only this function changes,
 * which is why it is async and takes the database already.
 */
export async function sellerDetails(_db: Database): Promise<SellerDetails> {
  return { brand: site.brand, name: site.practitioner, address: site.city, email: site.email };
}

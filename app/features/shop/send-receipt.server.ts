import { eq } from "drizzle-orm";
import { user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import type { PaidCheckout } from "./payment-provider.server";
import { receiptEmail } from "./receipt-email";

/** The buyer's receipt, sent once, after the sale is committed. */
export async function sendReceipt(services: AppServices, checkout: PaidCheckout): Promise<void> {
  try {
    const [account] = await services.database.db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, checkout.userId));
    if (!account) return;
    await services.mailer.send(receiptEmail(account, checkout, services.env.PUBLIC_URL));
  } catch (error) {
    // The sale stands whether or not the e-mail goes; the purchase is on /my-purchases.
    services.logger.error({ err: error, ref: checkout.ref }, "receipt e-mail failed");
  }
}

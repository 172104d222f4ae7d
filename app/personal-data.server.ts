/**
 * The features that hold personal data, registered once per process into the contract of
 * `~/lib/personal-data.server` (decision 049). Imported for its effect by every entry that builds
 * the app's services, beside `~/line-kinds.server`. The order is the erasure's: the account's own
 * holder last, since the others find her e-mail on it. A feature added later adds its line here.
 */
import { accountsPersonalData } from "~/features/accounts/personal-data.server";
import { bookingPersonalData } from "~/features/booking/personal-data.server";
import { clientsPersonalData } from "~/features/clients/personal-data.server";
import { rightsPersonalData } from "~/features/rights/personal-data.server";
import { shopPersonalData } from "~/features/shop/personal-data.server";
import { testimonialsPersonalData } from "~/features/testimonials/personal-data.server";
import { registerPersonalData } from "~/lib/personal-data.server";

registerPersonalData(clientsPersonalData);
registerPersonalData(testimonialsPersonalData);
registerPersonalData(bookingPersonalData);
registerPersonalData(shopPersonalData);
registerPersonalData(rightsPersonalData);
registerPersonalData(accountsPersonalData);

/**
 * The things the shop sells through its line-kind contract, registered once per process: booking's
 * sessions and packages (decision 040), and the shop's own gift vouchers (decision 048). Imported for its effect by every entry that builds the app's
 * services (the server, the CLI, the dev server and the test services), before any payment is applied.
 */
import { bookingLineKind } from "~/features/booking/booking-line-kind.server";
import { registerLineKind } from "~/features/shop/line-kinds.server";
import { voucherLineKind } from "~/features/shop/voucher/voucher-line-kind.server";

registerLineKind(bookingLineKind);
registerLineKind(voucherLineKind);

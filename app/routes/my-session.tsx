import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { noticeClass } from "~/components/ui/notice";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { placeLabel } from "~/features/booking/booking-model";
import { cancelBooking } from "~/features/booking/cancel-booking.server";
import { getMySession } from "~/features/booking/list-sessions.server";
import { useVisitorZone, YourTime } from "~/features/booking/ui/visitor-zone";
import { confirmCheckout } from "~/features/shop/confirm-checkout.server";
import { PageHero } from "~/layout/page-hero";
import { AppError, errorData } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
import { refundDestination, refundParts } from "~/lib/refund-split";
import { z } from "~/lib/zod";
import { formatSessionTime } from "~/lib/zoned-time";
import type { Route } from "./+types/my-session";

function bookingIdOf(params: { bookingId: string }) {
  const parsed = z.uuid().safeParse(params.bookingId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/** A session the practitioner booked for the client (decision 045): the site took no money, so refunds none. */
const DIRECT_TERMS =
  "You arranged this session with the practitioner directly, so nothing was paid through the website. Any payment is settled with her, as our Refund Policy says.";
const DIRECT_CANCEL = "Your session is cancelled. Any payment is settled with the practitioner.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const bookingId = bookingIdOf(params);
  // Back from Stripe Checkout: the webhook may be late, so ask Stripe now.
  const ref = new URL(request.url).searchParams.get("session_id");
  const checkout = ref && ref.length <= 255 ? await confirmCheckout(services, account.id, ref) : null;
  const found = await getMySession(services, account.id, bookingId);
  if (!found || found.status === "released") throw data(null, { status: 404 });
  const { purchaseId, ...session } = found;
  // Paid for this session: said once, and the address loses the checkout's reference (a reload
  // neither says it again nor asks Stripe again). A voucher's part is not a card payment.
  if (checkout?.status === "paid" && checkout.id === purchaseId && session.status === "confirmed") {
    return redirectWithToast(
      `/my-sessions/${bookingId}`,
      {
        title: "Session booked",
        description: `Payment of ${formatAmount(checkout.totalCents)} received. A confirmation is on its way to your inbox.`,
        variant: "default",
      },
      services.env,
    );
  }
  return {
    session: { ...session, when: formatSessionTime(new Date(session.startsAt)) },
    reviewing: new URL(request.url).searchParams.get("cancel") === "review",
  };
}

/** A cancellation that gives back less than the session took: it costs her money, so she confirms it first. */
const costsMoney = (session: { cancelPercent: number | null; cancelReturnsCredit: boolean }) =>
  session.cancelPercent !== null && session.cancelPercent < 100 && !session.cancelReturnsCredit;

const cancelSchema = z.object({
  intent: z.literal("cancel"),
  expected: z.coerce.number().int().min(0).max(1_000_000),
  confirmed: z.literal("yes").optional(),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const bookingId = bookingIdOf(params);
  const parsed = cancelSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return errorData(new AppError("invalid_request", "Unknown action"), services.logger);
  const session = await getMySession(services, account.id, bookingId);
  if (session && costsMoney(session) && !parsed.data.confirmed) {
    return errorData(
      new AppError("invalid_request", "Please confirm the cancellation and its refund.", "Cancel"),
      services.logger,
    );
  }
  try {
    const result = await cancelBooking(services, {
      bookingId,
      by: "client",
      userId: account.id,
      expectedRefundCents: parsed.data.expected,
    });
    return redirectWithToast(
      "/my-sessions",
      {
        title: "Session cancelled",
        description: result.creditReturned
          ? "The session is back on your package to book again."
          : result.arrangedDirectly
            ? DIRECT_CANCEL
            : `${formatAmount(result.refundCents)} (${result.percent}%) ${refundDestination(result.refundCents, result.voucherCents)}`,
        variant: "default",
      },
      services.env,
    );
  } catch (error) {
    return errorData(error, services.logger);
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "My Session | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export default function MySession({ loaderData }: Route.ComponentProps) {
  const { session, reviewing } = loaderData;
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const zone = useVisitorZone();
  const late = costsMoney(session);
  return (
    <>
      <PageHero title={session.serviceTitle} intro={session.when}>
        <Link to="/my-sessions" className={buttonClass("secondary")}>
          Back to My Sessions
        </Link>
      </PageHero>
      <section className="mx-auto max-w-2xl space-y-6 px-4 pb-20 sm:px-6">
        <div className={cardClass("p-6")}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold">When</dt>
            <dd>
              {session.when}
              <YourTime iso={session.startsAt} zone={zone} withDay />
            </dd>
            <dt className="font-semibold">Where</dt>
            <dd>{placeLabel(session.place)}</dd>
            <dt className="font-semibold">Status</dt>
            <dd data-testid="session-status">
              {session.status === "confirmed"
                ? "Booked"
                : session.status === "cancelled"
                  ? `Cancelled${session.refundCents !== null ? `: ${formatAmount(session.refundCents)} refunded${refundParts(session.refundCents, session.refundVoucherCents)}` : ""}`
                  : session.status === "held"
                    ? "Waiting for your payment"
                    : "Not booked: your payment was refunded"}
            </dd>
            {session.note ? (
              <>
                <dt className="font-semibold">Your note</dt>
                <dd className="whitespace-pre-line">{session.note}</dd>
              </>
            ) : null}
          </dl>
        </div>
        {refused && "message" in refused ? (
          <p role="alert" className={noticeClass("error")}>
            {refused.message}
          </p>
        ) : null}
        {session.canReschedule ? (
          <div className={cardClass("p-6")}>
            <h2 className="text-2xl">Reschedule</h2>
            <p className="mt-2 text-muted">You can move your session up to 24 hours before it starts.</p>
            <Link
              to={`/book/${session.serviceId}?reschedule=${session.id}`}
              className={buttonClass("secondary", "mt-4")}
            >
              Choose a new time
            </Link>
          </div>
        ) : null}
        {session.cancelRefundCents !== null && late && !reviewing ? (
          <div className={cardClass("p-6")}>
            <h2 className="text-2xl">Cancel</h2>
            <p className="mt-2" data-testid="cancel-terms">
              {`Your session starts in less than 24 hours. As our Refund Policy says, cancelling now refunds 50%: ${formatAmount(session.cancelRefundCents)} of ${formatAmount(session.amountCents)}${session.fromPackage ? ", and the session is not returned to your package" : ""}.`}
            </p>
            {/* A late cancellation costs her money: a second, explicit step before it happens. */}
            <Link to="?cancel=review" className={buttonClass("secondary", "mt-4")} preventScrollReset>
              Cancel my session…
            </Link>
          </div>
        ) : null}
        {session.cancelRefundCents !== null && late && reviewing ? (
          <Form method="post" className={cardClass("border-2 border-red-700 p-6")} aria-labelledby="confirm-cancel">
            <h2 id="confirm-cancel" className="text-2xl">
              Cancel this session?
            </h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="cancel-review">
              <dt className="font-semibold">You paid</dt>
              <dd>{formatAmount(session.amountCents)}</dd>
              <dt className="font-semibold">You get back</dt>
              <dd>
                {formatAmount(session.cancelRefundCents)} ({session.cancelPercent}%)
                {refundParts(session.cancelRefundCents, session.voucherLeftCents)}
              </dd>
              <dt className="font-semibold">You lose</dt>
              <dd>{formatAmount(session.amountCents - session.cancelRefundCents)}</dd>
            </dl>
            <p className="mt-4">
              {session.fromPackage
                ? "The session is not returned to your package. This cannot be undone."
                : "This cannot be undone."}
            </p>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="expected" value={session.cancelRefundCents} />
            <input type="hidden" name="confirmed" value="yes" />
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                {`Yes, cancel and refund ${formatAmount(session.cancelRefundCents)}`}
              </button>
              <Link to="." className={buttonClass("secondary")} preventScrollReset>
                Keep my session
              </Link>
            </div>
          </Form>
        ) : null}
        {session.cancelRefundCents !== null && !late ? (
          <Form method="post" className={cardClass("p-6")}>
            <h2 className="text-2xl">Cancel</h2>
            <p className="mt-2" data-testid="cancel-terms">
              {session.arrangedDirectly
                ? DIRECT_TERMS
                : session.cancelReturnsCredit
                  ? "Cancelling now returns this session to your package, to book again before it expires. No money moves."
                  : `Cancelling now refunds in full: ${formatAmount(session.cancelRefundCents)}${refundParts(session.cancelRefundCents, session.voucherLeftCents)}.`}
            </p>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="expected" value={session.cancelRefundCents} />
            <button type="submit" className={buttonClass("primary", "mt-4")} disabled={busy}>
              {session.arrangedDirectly
                ? "Cancel my session"
                : session.cancelReturnsCredit
                  ? "Cancel and return the session to my package"
                  : `Cancel my session and refund ${formatAmount(session.cancelRefundCents)}`}
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

import { Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { CheckboxField, inputClass, SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import { noticeClass } from "~/components/ui/notice";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { bookForClient } from "~/features/booking/book-for-client.server";
import { PLACES, placeLabel, SERVICES } from "~/features/booking/booking-model";
import { needsExpressRequest } from "~/features/booking/cancellation-terms";
import { chosenTime } from "~/features/booking/chosen-time";
import { dayTitle } from "~/features/booking/diary-range";
import { findClients, getClient } from "~/features/booking/find-clients.server";
import { listFreeTimes } from "~/features/booking/list-free-times.server";
import { servicesContext } from "~/lib/context";
import { formatAmount } from "~/lib/format-price";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { isDate, zonedDate, zonedInstant, zonedTime } from "~/lib/zoned-time";
import type { Route } from "./+types/admin-bookings-new";

export const meta: Route.MetaFunction = () => [
  { title: "Book for a client | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

/** Single sessions only: a package starts with its payment and credits (decision 041), through the shop. */
const SINGLE = SERVICES.filter((s) => s.sessions === 1);

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const today = zonedDate(now);
  const q = (params.get("q") ?? "").slice(0, 100);
  const askedDate = params.get("date") ?? "";
  // A past date records a session that already happened (book-for-client.server.ts).
  const date = isDate(askedDate) && askedDate >= "2000-01-01" ? askedDate : today;
  const service = SINGLE.find((s) => s.id === params.get("service")) ?? SINGLE[0];
  const place = PLACES.find((p) => p === params.get("place") && service?.places.includes(p)) ?? "in_person";
  const chosen = params.get("client") ? await getClient(services, params.get("client") as string) : null;
  const found = q ? await findClients(services, q) : [];
  const clients = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;
  const times =
    chosen && service && params.has("times")
      ? (await listFreeTimes(services, { serviceId: service.id, date }, now)).map((slot) => ({
          value: slot.start.toISOString(),
          label: `${zonedTime(slot.start)}-${zonedTime(slot.end)}`,
        }))
      : null;
  return {
    q,
    today,
    date,
    dateTitle: dayTitle(date),
    clients,
    chosen,
    serviceId: service?.id ?? "",
    place,
    services: SINGLE.map((s) => ({ id: s.id, title: s.title, price: formatAmount(s.priceCents), places: s.places })),
    times,
    past: date < today,
    needsExpress: date >= today && needsExpressRequest(zonedInstant(date, "00:00"), now),
  };
}

const intents = {
  book: intent({
    schema: z.object({
      clientId: z.string({ error: "Choose a client from the list." }).min(1, "Choose a client from the list.").max(100),
      serviceId: z.enum(SINGLE.map((s) => s.id) as [string, ...string[]], { error: "Choose a session." }),
      place: z.enum(PLACES, { error: "Choose where the session happens." }),
      startsAt: chosenTime(),
      payment: z.enum(["paid_outside", "unpaid"], { error: "Say whether the client has paid." }),
      expressRequest: z
        .string()
        .optional()
        .transform((value) => value === "on"),
      note: z
        .string()
        .default("")
        .transform((note) => sanitiseText(note).slice(0, 1000)),
    }),
    handler: async (input, { services, request }) => {
      const admin = await requireAdmin(request, services);
      const { bookingId } = await bookForClient(services, admin.id, input);
      return {
        redirectTo: `/admin/bookings?view=day&date=${zonedDate(input.startsAt)}#session-${bookingId}`,
        toast: { title: "Diary", description: "Session booked; the client has their confirmation by e-mail." },
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdmin,
    defaultIntent: "book",
    invalidTitle: "Book for a client",
    refusedTitle: "Book for a client",
  });

const radio = "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-plum-200 bg-white px-3 py-2";

export default function AdminBookingsNew({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const refused = refusalOf(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  const service = d.services.find((s) => s.id === d.serviceId);
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6">
        <p>
          <Link to={`/admin/bookings?view=day&date=${d.date}`} className="text-sm text-plum-700 underline">
            Back to the diary
          </Link>
        </p>
        <h1 className="mt-2 text-4xl">Book for a client</h1>
        <p className="mt-2 text-muted">
          For a client who phoned or asked in person. They get the usual confirmation, calendar file and reminder.
        </p>
        {refused ? (
          <p role="alert" className={noticeClass("error", "mt-4")}>
            {refused.toast.description}
          </p>
        ) : null}

        <Form method="get" className={cardClass("mt-6 space-y-5 p-5")}>
          <fieldset>
            <legend className="text-sm font-semibold text-plum-900">Client</legend>
            <div className="mt-1 flex gap-2">
              <label htmlFor="client-search" className="sr-only">
                Name or e-mail
              </label>
              <input
                id="client-search"
                type="search"
                name="q"
                defaultValue={d.q}
                placeholder="Name or e-mail"
                className={inputClass}
              />
              <button type="submit" className={buttonClass("secondary", "mt-1 shrink-0")}>
                Find
              </button>
            </div>
            {d.clients.length > 0 ? (
              <div className="mt-3 space-y-2">
                {d.clients.map((c) => (
                  <label key={c.id} className={radio}>
                    <input type="radio" name="client" value={c.id} defaultChecked={d.chosen?.id === c.id} />
                    <span className="min-w-0 break-all">
                      <span className="font-semibold">{c.name}</span> · {c.email}
                    </span>
                  </label>
                ))}
              </div>
            ) : d.q ? (
              <p className="mt-2 text-sm text-muted">
                No account matches. The client signs up on the website first; then you can book for them.
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-4">
            <SelectField
              label="Session"
              name="service"
              className="sm:col-span-2"
              defaultValue={d.serviceId}
              options={d.services.map((s) => ({ value: s.id, label: `${s.title} (${s.price})` }))}
            />
            <SelectField
              label="Where"
              name="place"
              defaultValue={d.place}
              options={PLACES.map((p) => ({ value: p, label: placeLabel(p) }))}
            />
            <TextField label="Date" name="date" type="date" defaultValue={d.date} />
          </div>
          <button type="submit" name="times" value="1" className={buttonClass("primary")}>
            Show free times
          </button>
        </Form>

        {d.times && d.chosen ? (
          <Form method="post" className={cardClass("mt-6 space-y-5 p-5")}>
            <input type="hidden" name="clientId" value={d.chosen.id} />
            <input type="hidden" name="serviceId" value={d.serviceId} />
            <input type="hidden" name="place" value={d.place} />
            <h2 className="text-2xl">
              {service?.title} for {d.chosen.name}
            </h2>
            <fieldset>
              <legend className="text-sm font-semibold text-plum-900">Free times on {d.dateTitle} (UK time)</legend>
              {d.past ? (
                <p className="mt-1 text-sm text-muted">
                  A past day: this records a session that already happened. No e-mail goes to the client.
                </p>
              ) : null}
              {d.times.length === 0 ? (
                <p className="mt-2 text-sm text-muted">No free time on this day. Choose another date above.</p>
              ) : (
                <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {d.times.map((t) => (
                    <label key={t.value} className={radio}>
                      <input type="radio" name="startsAt" value={t.value} required />
                      {t.label}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <fieldset>
              <legend className="text-sm font-semibold text-plum-900">Payment ({service?.price})</legend>
              <div className="mt-2 space-y-2">
                <label className={radio}>
                  <input type="radio" name="payment" value="unpaid" defaultChecked />
                  To pay at the session
                </label>
                <label className={radio}>
                  <input type="radio" name="payment" value="paid_outside" />
                  Already paid to me (cash, card reader or bank transfer)
                </label>
              </div>
            </fieldset>
            {d.needsExpress ? (
              <CheckboxField
                name="expressRequest"
                className="flex items-start gap-2 text-sm font-semibold text-plum-900"
                inputClassName="mt-1"
                label="The client asked for this session within 14 days, knowing the Refund Policy's 24-hour terms apply if they cancel"
              />
            ) : null}
            <TextAreaField label="Note (for your diary only)" name="note" rows={2} maxLength={1000} />
            <button type="submit" className={buttonClass("primary")} disabled={busy || d.times.length === 0}>
              {d.past ? "Record this session" : "Book this session"}
            </button>
          </Form>
        ) : null}
      </div>
    </>
  );
}

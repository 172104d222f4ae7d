import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { uploadLimits } from "~/features/admin/store-upload.server";
import { withClaimsWarning } from "~/features/claims/find-claims";
import {
  eventFormFrom,
  eventFormSchema,
  eventMessages,
  toEventInput,
  utcToLondonFields,
} from "~/features/events/event-schema";
import { toEventView } from "~/features/events/event-view";
import { listAllEvents } from "~/features/events/list-events.server";
import { deleteEvent, saveEvent } from "~/features/events/save-event.server";
import { EventForm, type EventFormValues, emptyEvent } from "~/features/events/ui/event-form";
import { servicesContext } from "~/lib/context";
import { refusalOf, valuesFrom } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-events";

export const meta: Route.MetaFunction = () => [
  { title: "Events | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const url = new URL(request.url);
  const rows = await listAllEvents(services.database.db);
  const now = Date.now();
  const editId = url.searchParams.get("edit");
  const editing = editId ? rows.find((row) => row.id === editId) : undefined;
  return {
    events: rows.map((row) => ({ ...toEventView(row), past: row.startsAt.getTime() <= now })),
    form: editing ? ("edit" as const) : url.searchParams.get("form") === "new" ? ("new" as const) : null,
    editing: editing
      ? {
          id: editing.id,
          values: {
            title: editing.title,
            ...utcToLondonFields(editing.startsAt),
            online: editing.place === null,
            place: editing.place ?? "",
            description: editing.description,
            bookingUrl: editing.bookingUrl ?? "",
          } satisfies EventFormValues,
          image: toEventView(editing).image?.thumb.src ?? null,
        }
      : null,
    limits: uploadLimits(services),
  };
}

const success = (description: string) => ({ redirectTo: "/admin/events", toast: { title: "Success", description } });

const intents = {
  save: intent({
    // A new event has no id; an id that cannot name an event is a 404, as one that names none is.
    read: (form) => ({ ...eventFormFrom(form), id: String(form.get("id") ?? "") }),
    schema: eventFormSchema.and(
      z.object({ id: reference(z.union([z.literal("").transform(() => null), z.uuid()]), eventMessages.notFound) }),
    ),
    handler: async ({ id, ...event }, { services }) => {
      await saveEvent(services, id, toEventInput(event));
      return {
        redirectTo: "/admin/events",
        toast: withClaimsWarning({ title: "Success", description: eventMessages.saved }, [
          event.title,
          event.description,
        ]),
      };
    },
    errorFields: { invalid_request: "upload" },
  }),
  delete: intent({
    schema: z.object({ id: reference(z.uuid(), eventMessages.notFound) }),
    handler: async ({ id }, { services }) => {
      await deleteEvent(services, id);
      return success(eventMessages.deleted);
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    describeInvalid: () => eventMessages.invalid,
  });

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { events, form, editing, limits } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "save");
  const showForm = refused
    ? {
        ...valuesFrom({ id: "" }, refused.submitted),
        values: valuesFrom(emptyEvent, refused.submitted),
        image: editing?.image ?? null,
      }
    : form
      ? editing
      : null;
  const formOpen = Boolean(refused) || form !== null;
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-4xl">Events</h1>
            <p className="mt-1 text-muted">
              Upcoming events show on Media &amp; Events and the home page until they start. Times are UK time.
            </p>
          </div>
          <Link to={form === "new" ? "/admin/events" : "/admin/events?form=new"} className={buttonClass("primary")}>
            Add Event
          </Link>
        </div>
        {formOpen ? (
          <div className="mt-8">
            <EventForm
              key={showForm?.id || "new"}
              id={showForm?.id || null}
              values={showForm?.values ?? emptyEvent}
              errors={refused?.fieldErrors ?? {}}
              cancelHref="/admin/events"
              image={showForm?.image ?? null}
              limits={limits}
            />
          </div>
        ) : null}
        {events.length === 0 ? (
          <p className={cardClass("mt-8 p-8 text-center text-muted")}>No events yet. Use Add Event to announce one.</p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Events">
            {events.map((event) => (
              <li key={event.id} className={cardClass("flex flex-wrap items-center justify-between gap-3 p-5")}>
                <div className="min-w-0">
                  <p className="font-semibold break-words">{event.title}</p>
                  <p className="text-sm text-muted">
                    <time dateTime={event.startsAt}>{event.when}</time> · {event.place ?? "Online"}
                    {event.past ? " · Past (no longer listed)" : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link to={`/admin/events?edit=${event.id}`} className={buttonClass("secondary")}>
                    Edit<span className="sr-only">: {event.title}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={event.id} />
                    <button type="submit" className={buttonClass("quiet", "text-red-800")}>
                      Remove<span className="sr-only">: {event.title}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { showToast } from "~/components/ui/toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { uploadLimits } from "~/features/admin/store-upload.server";
import {
  type EventField,
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
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-events";

export const meta: Route.MetaFunction = () => [
  { title: "Events | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

const eventId = z.uuid();

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

type ActionData = {
  errors: Partial<Record<EventField, string>>;
  submitted: EventFormValues;
  id: string | null;
  message: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdminWrite(request, services);
  const form = await readForm(request);
  const intent = form.get("intent");
  const rawId = form.get("id");
  const id = rawId === null || rawId === "" ? null : eventId.safeParse(rawId).success ? String(rawId) : undefined;
  if (id === undefined) throw data(eventMessages.notFound, { status: 404 });
  const done = (description: string) =>
    redirectWithToast("/admin/events", { title: "Success", description, variant: "default" }, services.env);

  try {
    if (intent === "delete") {
      if (!id) throw data(eventMessages.notFound, { status: 404 });
      await deleteEvent(services, id);
      return done(eventMessages.deleted);
    }
    if (intent !== "save") throw data("Unknown action.", { status: 400 });
    const submitted = eventFormFrom(form);
    const parsed = eventFormSchema.safeParse(submitted);
    if (!parsed.success) {
      const errors: Partial<Record<EventField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as EventField | undefined;
        if (field && !errors[field]) errors[field] = issue.message;
      }
      return data<ActionData>(
        { errors, submitted: submitted as EventFormValues, id, message: eventMessages.invalid },
        { status: 400 },
      );
    }
    await saveEvent(services, id, toEventInput(parsed.data));
    return done(eventMessages.saved);
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { events, form, editing, limits } = loaderData;
  useEffect(() => {
    if (actionData?.message) {
      showToast({ title: "Validation Error", description: actionData.message, variant: "destructive" });
    }
  }, [actionData]);
  const showForm = actionData
    ? { id: actionData.id, values: actionData.submitted, image: editing?.image ?? null }
    : form
      ? editing
      : null;
  const formOpen = Boolean(actionData) || form !== null;
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
          <Link to={form === "new" ? "/admin/events" : "/admin/events?form=new"} className="btn-primary">
            Add Event
          </Link>
        </div>
        {formOpen ? (
          <div className="mt-8">
            <EventForm
              key={showForm?.id ?? "new"}
              id={showForm?.id ?? null}
              values={showForm?.values ?? emptyEvent}
              errors={actionData?.errors ?? {}}
              cancelHref="/admin/events"
              image={showForm?.image ?? null}
              limits={limits}
            />
          </div>
        ) : null}
        {events.length === 0 ? (
          <p className="card mt-8 p-8 text-center text-muted">No events yet. Use Add Event to announce one.</p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Events">
            {events.map((event) => (
              <li key={event.id} className="card flex flex-wrap items-center justify-between gap-3 p-5">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{event.title}</p>
                  <p className="text-sm text-muted">
                    <time dateTime={event.startsAt}>{event.when}</time> · {event.place ?? "Online"}
                    {event.past ? " · Past (no longer listed)" : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link to={`/admin/events?edit=${event.id}`} className="btn-outline">
                    Edit<span className="sr-only">: {event.title}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={event.id} />
                    <button type="submit" className="btn-ghost text-red-800">
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

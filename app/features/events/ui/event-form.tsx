import { useState } from "react";
import { Form, Link } from "react-router";
import { Field } from "~/components/ui/field";
import { inputClass } from "~/components/ui/form-fields";
import { FileUploadField } from "~/features/admin/file-upload-field";
import type { UploadedFile } from "~/features/admin/upload-file";
import type { UploadLimits } from "~/features/admin/upload-rules";
import type { EventField } from "../event-schema";

export type EventFormValues = {
  title: string;
  date: string;
  time: string;
  online: boolean;
  place: string;
  description: string;
  bookingUrl: string;
};

export const emptyEvent: EventFormValues = {
  title: "",
  date: "",
  time: "19:00",
  online: false,
  place: "",
  description: "",
  bookingUrl: "",
};

/** Adding or editing one event; every field is checked by the server, which answers per field. */
export function EventForm({
  id,
  values,
  errors,
  cancelHref,
  image,
  limits,
}: {
  id: string | null;
  values: EventFormValues;
  errors: Partial<Record<EventField, string>>;
  cancelHref: string;
  /** The event's picture now (its thumbnail's address), if it has one. */
  image: string | null;
  limits: UploadLimits;
}) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(0);
  const messages = Object.values(errors);
  const error = (field: EventField) =>
    errors[field] ? (
      <p id={`event-${field}-error`} className="mt-1 text-sm text-red-800">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: EventField) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `event-${field}-error` } : {};
  return (
    <Form method="post" noValidate className="card grid gap-4 p-5 sm:p-6 md:grid-cols-2" aria-label="Event">
      <h2 className="text-2xl md:col-span-2">{id ? "Edit Event" : "Add Event"}</h2>
      <input type="hidden" name="intent" value="save" />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="upload" value={uploaded?.id ?? ""} />
      {messages.length ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 md:col-span-2">
          <ul className="list-disc pl-5 text-sm">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Field label="Title" required className="md:col-span-2">
        {(fieldId) => (
          <>
            <input
              id={fieldId}
              name="title"
              defaultValue={values.title}
              maxLength={200}
              className={inputClass}
              {...invalid("title")}
            />
            {error("title")}
          </>
        )}
      </Field>
      <Field label="Date" required hint="UK date">
        {(fieldId, hintId) => (
          <>
            <input
              id={fieldId}
              name="date"
              type="date"
              defaultValue={values.date}
              aria-describedby={hintId}
              className={inputClass}
              {...invalid("date")}
            />
            {error("date")}
          </>
        )}
      </Field>
      <Field label="Time" required hint="UK time (Europe/London)">
        {(fieldId, hintId) => (
          <>
            <input
              id={fieldId}
              name="time"
              type="time"
              defaultValue={values.time}
              aria-describedby={hintId}
              className={inputClass}
              {...invalid("time")}
            />
            {error("time")}
          </>
        )}
      </Field>
      <Field label="Place" hint="Leave empty for an online event and tick Online.">
        {(fieldId, hintId) => (
          <>
            <input
              id={fieldId}
              name="place"
              defaultValue={values.place}
              maxLength={200}
              aria-describedby={hintId}
              className={inputClass}
              {...invalid("place")}
            />
            {error("place")}
          </>
        )}
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold text-plum-900">
        <input type="checkbox" name="online" defaultChecked={values.online} />
        Online
      </label>
      <Field label="Description" className="md:col-span-2">
        {(fieldId) => (
          <>
            <textarea
              id={fieldId}
              name="description"
              rows={4}
              maxLength={2000}
              defaultValue={values.description}
              className={inputClass}
              {...invalid("description")}
            />
            {error("description")}
          </>
        )}
      </Field>
      <Field label="Booking link" hint="Optional: where people book or buy tickets." className="md:col-span-2">
        {(fieldId, hintId) => (
          <>
            <input
              id={fieldId}
              name="bookingUrl"
              type="url"
              defaultValue={values.bookingUrl}
              aria-describedby={hintId}
              className={inputClass}
              {...invalid("bookingUrl")}
            />
            {error("bookingUrl")}
          </>
        )}
      </Field>
      <div className="md:col-span-2">
        <FileUploadField
          kind="photo"
          label="Image (optional)"
          hint={`PNG, JPEG, WebP or AVIF, up to ${limits.maxImageMb} MB. Cropped to 4:3 like the gallery photos.`}
          limits={limits}
          onUploaded={setUploaded}
          onBusyChange={(delta) => setBusy((n) => n + delta)}
        />
        {error("upload")}
        {uploaded?.url || image ? (
          <img
            src={uploaded?.url ?? image ?? ""}
            alt=""
            width={480}
            height={360}
            className="mt-3 aspect-[4/3] h-auto w-48 rounded-lg object-cover"
          />
        ) : null}
        {image && !uploaded ? (
          <label className="mt-2 flex items-center gap-2 text-sm text-plum-900">
            <input type="checkbox" name="removeImage" />
            Remove the image
          </label>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy > 0}>
          Save Event
        </button>
        <Link to={cancelHref} className="btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

import { useId, useState } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import {
  CheckboxField,
  ErrorText,
  FormErrors,
  messagesOf,
  TextAreaField,
  TextField,
} from "~/components/ui/form-fields";
import { FileUploadField } from "~/features/admin/file-upload-field";
import type { UploadedFile } from "~/features/admin/upload-file";
import type { UploadLimits } from "~/features/admin/upload-rules";
import type { FieldErrors } from "~/lib/forms/action-data";

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
  errors: FieldErrors;
  cancelHref: string;
  /** The event's picture now (its thumbnail's address), if it has one. */
  image: string | null;
  limits: UploadLimits;
}) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(0);
  const uploadErrorId = useId();
  return (
    <Form method="post" noValidate className={cardClass("grid gap-4 p-5 sm:p-6 md:grid-cols-2")} aria-label="Event">
      <h2 className="text-2xl md:col-span-2">{id ? "Edit Event" : "Add Event"}</h2>
      <input type="hidden" name="intent" value="save" />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="upload" value={uploaded?.id ?? ""} />
      <FormErrors messages={messagesOf(errors)} className="md:col-span-2" />
      <TextField
        label="Title"
        name="title"
        required
        className="md:col-span-2"
        defaultValue={values.title}
        maxLength={200}
        error={errors.title}
      />
      <TextField
        label="Date"
        name="date"
        type="date"
        required
        hint="UK date"
        defaultValue={values.date}
        error={errors.date}
      />
      <TextField
        label="Time"
        name="time"
        type="time"
        required
        hint="UK time (Europe/London)"
        defaultValue={values.time}
        error={errors.time}
      />
      <TextField
        label="Place"
        name="place"
        hint="Leave empty for an online event and tick Online."
        defaultValue={values.place}
        maxLength={200}
        error={errors.place}
      />
      <CheckboxField
        label="Online"
        name="online"
        defaultChecked={values.online}
        className="flex items-center gap-2 self-end pb-2 text-sm font-semibold text-plum-900"
      />
      <TextAreaField
        label="Description"
        name="description"
        className="md:col-span-2"
        rows={4}
        maxLength={2000}
        defaultValue={values.description}
        error={errors.description}
      />
      <TextField
        label="Booking link"
        name="bookingUrl"
        type="url"
        hint="Optional: where people book or buy tickets."
        className="md:col-span-2"
        defaultValue={values.bookingUrl}
        error={errors.bookingUrl}
      />
      <div className="md:col-span-2">
        <FileUploadField
          kind="photo"
          label="Image (optional)"
          hint={`PNG, JPEG, WebP or AVIF, up to ${limits.maxImageMb} MB. Cropped to 4:3 like the gallery photos.`}
          limits={limits}
          onUploaded={setUploaded}
          onBusyChange={(delta) => setBusy((n) => n + delta)}
        />
        <ErrorText id={uploadErrorId}>{errors.upload}</ErrorText>
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
          <CheckboxField
            label="Remove the image"
            name="removeImage"
            className="mt-2 flex items-center gap-2 text-sm text-plum-900"
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy > 0}>
          Save Event
        </button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

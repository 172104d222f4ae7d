import { useState } from "react";
import { Form, Link } from "react-router";
import { Field } from "~/components/ui/field";
import { inputClass } from "~/components/ui/form-fields";
import { FileUploadField } from "~/features/admin/file-upload-field";
import type { UploadedFile } from "~/features/admin/upload-file";
import type { UploadLimits } from "~/features/admin/upload-rules";
import type { SongField } from "../song-schema";

export type SongFormValues = {
  title: string;
  theme: string;
  duration: string;
  description: string;
  youtubeUrl: string;
};

export const emptySong: SongFormValues = { title: "", theme: "", duration: "", description: "", youtubeUrl: "" };

/**
 * Adding or editing one song. Choosing a recording uploads it at once (sniffed and size-limited by
 * the server); saving attaches it. Every field is checked by the server, which answers per field.
 */
export function SongForm({
  id,
  values,
  audio,
  errors,
  limits,
  cancelHref,
}: {
  id: string | null;
  values: SongFormValues;
  /** The recording the song has now, if any. */
  audio: { fileName: string; format: string } | null;
  errors: Partial<Record<SongField, string>>;
  limits: UploadLimits;
  cancelHref: string;
}) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(0);
  const messages = Object.values(errors);
  const error = (field: SongField) =>
    errors[field] ? (
      <p id={`song-${field}-error`} className="mt-1 text-sm text-red-800">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: SongField) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `song-${field}-error` } : {};
  const textInput =
    (name: keyof SongFormValues, max: number, extra: Record<string, unknown> = {}) =>
    (fieldId: string, hintId: string | undefined) => (
      <>
        <input
          id={fieldId}
          name={name}
          defaultValue={values[name]}
          maxLength={max}
          aria-describedby={hintId}
          className={inputClass}
          {...extra}
          {...invalid(name)}
        />
        {error(name)}
      </>
    );
  return (
    <Form method="post" noValidate className="card grid gap-4 p-5 sm:p-6 md:grid-cols-2" aria-label="Song">
      <h2 className="text-2xl md:col-span-2">{id ? "Edit Song" : "Add Song"}</h2>
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
        {textInput("title", 120)}
      </Field>
      <Field label="Theme" hint="A word or two, such as Self-love.">
        {textInput("theme", 60)}
      </Field>
      <Field label="Duration" required hint="Minutes and seconds, such as 3:45.">
        {textInput("duration", 5, { inputMode: "numeric", placeholder: "3:45" })}
      </Field>
      <Field label="Description" className="md:col-span-2">
        {(fieldId) => (
          <>
            <textarea
              id={fieldId}
              name="description"
              rows={3}
              maxLength={1000}
              defaultValue={values.description}
              className={inputClass}
              {...invalid("description")}
            />
            {error("description")}
          </>
        )}
      </Field>
      <Field label="YouTube link" required hint="Where 'Listen on YouTube' goes." className="md:col-span-2">
        {textInput("youtubeUrl", 500, { type: "url", placeholder: "https://www.youtube.com/watch?v=…" })}
      </Field>
      <div className="md:col-span-2">
        <FileUploadField
          kind="song"
          label="Recording (optional)"
          hint={`MP3, M4A, OGG or WAV, up to ${limits.maxFileMb} MB. Anyone can download it from the music page.`}
          limits={limits}
          onUploaded={setUploaded}
          onBusyChange={(delta) => setBusy((n) => n + delta)}
        />
        {error("upload")}
        {uploaded ? (
          <p className="mt-2 text-sm text-plum-900">Ready to attach: {uploaded.name}</p>
        ) : audio ? (
          <label className="mt-2 flex items-center gap-2 text-sm text-plum-900">
            <input type="checkbox" name="removeAudio" />
            Remove the current recording ({audio.fileName}, {audio.format})
          </label>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy > 0}>
          Save Song
        </button>
        <Link to={cancelHref} className="btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

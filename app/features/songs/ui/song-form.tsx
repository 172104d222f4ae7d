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
  errors: FieldErrors;
  limits: UploadLimits;
  cancelHref: string;
}) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(0);
  const uploadErrorId = useId();
  return (
    <Form method="post" noValidate className={cardClass("grid gap-4 p-5 sm:p-6 md:grid-cols-2")} aria-label="Song">
      <h2 className="text-2xl md:col-span-2">{id ? "Edit Song" : "Add Song"}</h2>
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
        maxLength={120}
        error={errors.title}
      />
      <TextField
        label="Theme"
        name="theme"
        hint="A word or two, such as Self-love."
        defaultValue={values.theme}
        maxLength={60}
        error={errors.theme}
      />
      <TextField
        label="Duration"
        name="duration"
        required
        hint="Minutes and seconds, such as 3:45."
        defaultValue={values.duration}
        maxLength={5}
        inputMode="numeric"
        placeholder="3:45"
        error={errors.duration}
      />
      <TextAreaField
        label="Description"
        name="description"
        className="md:col-span-2"
        rows={3}
        maxLength={1000}
        defaultValue={values.description}
        error={errors.description}
      />
      <TextField
        label="YouTube link"
        name="youtubeUrl"
        type="url"
        required
        hint="Where 'Listen on YouTube' goes."
        className="md:col-span-2"
        defaultValue={values.youtubeUrl}
        maxLength={500}
        placeholder="https://www.youtube.com/watch?v=…"
        error={errors.youtubeUrl}
      />
      <div className="md:col-span-2">
        <FileUploadField
          kind="song"
          label="Recording (optional)"
          hint={`MP3, M4A, OGG or WAV, up to ${limits.maxFileMb} MB. Anyone can download it from the music page.`}
          limits={limits}
          onUploaded={setUploaded}
          onBusyChange={(delta) => setBusy((n) => n + delta)}
        />
        <ErrorText id={uploadErrorId}>{errors.upload}</ErrorText>
        {uploaded ? (
          <p className="mt-2 text-sm text-plum-900">Ready to attach: {uploaded.name}</p>
        ) : audio ? (
          <CheckboxField
            label={`Remove the current recording (${audio.fileName}, ${audio.format})`}
            name="removeAudio"
            className="mt-2 flex items-center gap-2 text-sm text-plum-900"
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy > 0}>
          Save Song
        </button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

import { useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { TextField } from "~/components/ui/form-fields";
import { FileUploadField } from "~/features/admin/file-upload-field";
import type { UploadedFile } from "~/features/admin/upload-file";
import type { UploadLimits } from "~/features/admin/upload-rules";
import type { FieldErrors } from "~/lib/forms/action-data";

/**
 * Choosing a file uploads it at once (sniffed, size-limited, re-encoded by the server); the form then
 * places it in the gallery with its alt text and caption.
 */
export function AddPhotoForm({
  gallery,
  limits,
  errors,
}: {
  gallery: string;
  limits: UploadLimits;
  /** The server's messages for the last refused photo, by field. */
  errors: FieldErrors;
}) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(0);
  return (
    <Form method="post" className={cardClass("grid gap-4 p-5 sm:p-6 md:grid-cols-2")} aria-label="Add a photo">
      <h3 className="text-xl md:col-span-2">Add a Photo</h3>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="gallery" value={gallery} />
      <input type="hidden" name="upload" value={uploaded?.id ?? ""} />
      <div className="md:col-span-2">
        <FileUploadField
          kind="photo"
          label="Photo"
          hint={`PNG, JPEG, WebP or AVIF, up to ${limits.maxImageMb} MB. Cropped to 4:3 like the other photos.`}
          limits={limits}
          onUploaded={setUploaded}
          onBusyChange={(delta) => setBusy((n) => n + delta)}
        />
        {uploaded?.url ? (
          <img
            src={uploaded.url}
            alt=""
            width={480}
            height={360}
            className="mt-3 aspect-[4/3] h-auto w-48 rounded-lg object-cover"
          />
        ) : null}
      </div>
      <TextField
        label="Alt text"
        name="alt"
        required
        hint="What the photo shows, for people who cannot see it."
        maxLength={300}
        error={errors.alt}
      />
      <TextField
        label="Caption"
        name="caption"
        hint="Shown under the photo in the lightbox."
        maxLength={300}
        error={errors.caption}
      />
      <div className="md:col-span-2">
        <button type="submit" className={buttonClass("primary")} disabled={!uploaded || busy > 0}>
          Add to Gallery
        </button>
      </div>
    </Form>
  );
}

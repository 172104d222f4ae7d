import { useId, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ErrorText, TextField } from "~/components/ui/form-fields";
import { FileUploadField } from "~/features/admin/file-upload-field";
import type { UploadedFile } from "~/features/admin/upload-file";
import type { UploadLimits } from "~/features/admin/upload-rules";
import type { FieldErrors } from "~/lib/forms/action-data";
import type { PictureSlot, ShownPicture } from "../picture-slots";

/**
 * One place of the site: the picture there now (or a note that the page's own design shows), an
 * upload that replaces it, and the description every picture must have. Choosing a file uploads it
 * at once; saving places it.
 */
export function PictureForm({
  slot,
  current,
  errors,
  alt,
  limits,
}: {
  slot: PictureSlot;
  current: ShownPicture | undefined;
  errors: FieldErrors;
  alt: string;
  limits: UploadLimits;
}) {
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(0);
  const headingId = useId();
  const uploadErrorId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass("grid gap-5 p-5 sm:p-6 md:grid-cols-[14rem_1fr]")}>
      <div>
        {/* A preview, not the picture at full size: on a phone a portrait would fill the screen. */}
        <div
          className="w-full max-w-56 overflow-hidden rounded-xl bg-plum-50"
          style={{ aspectRatio: `${slot.aspect.width} / ${slot.aspect.height}` }}
        >
          {current ? (
            <img src={current.src} alt={current.alt} className="size-full object-cover" />
          ) : (
            <p className="flex size-full items-center justify-center p-3 text-center text-sm text-muted">
              No picture yet: the page shows its own design here.
            </p>
          )}
        </div>
      </div>
      <div>
        <h2 id={headingId} className="text-2xl">
          {slot.label}
        </h2>
        <p className="mt-1 text-sm text-muted">{slot.hint}</p>
        <Form method="post" noValidate className="mt-4 grid gap-4" aria-label={slot.label}>
          <input type="hidden" name="slot" value={slot.id} />
          <input type="hidden" name="upload" value={uploaded?.id ?? ""} />
          <div>
            <FileUploadField
              kind="picture"
              label={current ? "Replace the picture" : "Upload a picture"}
              hint={`PNG, JPEG, WebP or AVIF, up to ${limits.maxImageMb} MB. It is cut to this place's shape around its most interesting part.`}
              limits={limits}
              onUploaded={setUploaded}
              onBusyChange={(delta) => setBusy((n) => n + delta)}
            />
            <ErrorText id={uploadErrorId}>{errors.upload}</ErrorText>
            {uploaded ? <p className="mt-2 text-sm text-plum-900">Ready to place: {uploaded.name}</p> : null}
          </div>
          <TextField
            label="Description (alt text)"
            name="alt"
            required
            hint="What the picture shows, for visitors who cannot see it, such as: Elena smiling in her practice room."
            defaultValue={alt}
            maxLength={200}
            error={errors.alt}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="save" className={buttonClass("primary")} disabled={busy > 0}>
              Save Picture
            </button>
            {current ? (
              <button type="submit" name="intent" value="remove" className={buttonClass("secondary")} formNoValidate>
                Remove Picture
              </button>
            ) : null}
          </div>
        </Form>
      </div>
    </section>
  );
}

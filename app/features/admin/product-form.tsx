import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { CheckboxField, inputClass, TextAreaField, TextField } from "~/components/ui/form-fields";
import { noticeClass } from "~/components/ui/notice";
import { showToast } from "~/components/ui/toast";
import { EDITABLE_PRODUCT_TYPES, SUBSCRIPTION_ID } from "~/features/shop/model";
import { formatPrice } from "~/lib/format-price";
import type { FieldErrors, SubmittedValues } from "~/lib/forms/action-data";
import type { AdminProduct } from "./admin-product";
import { type FileLine, FileLines } from "./file-lines";
import { FileUploadField } from "./file-upload-field";
import {
  keepAttachment,
  PRODUCT_TYPE_LABELS,
  parsePounds,
  parseProductForm,
  penceToPounds,
  productFormMessages,
} from "./product-form-schema";
import type { UploadLimits } from "./upload-rules";

/**
 * Spec §2 admin form: every product property, the main file, PDF attachments and the cover. It is
 * validated here first (one 'Validation Error' toast) and again by the server. Files upload as soon
 * as they are chosen; the form then carries only the ids the server gave them.
 */
export function ProductForm({
  product,
  limits,
  submitted,
  errors,
  fieldErrors = {},
  cancelHref,
}: {
  /** The product being edited, or null for a new one (spec §3 defaults). */
  product: AdminProduct | null;
  limits: UploadLimits;
  /** The text fields as last submitted, so a refused form comes back as the admin typed it. */
  submitted?: SubmittedValues | undefined;
  errors?: string[] | undefined;
  fieldErrors?: FieldErrors | undefined;
  /** Where 'Cancel' goes: the list, on the page the admin was on. */
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [uploading, setUploading] = useState(0);
  const busy = uploading > 0 || saving;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isPlan = product?.id === SUBSCRIPTION_ID;
  const value = (field: string, fallback: string) => {
    const posted = submitted?.[field];
    return typeof posted === "string" ? posted : fallback;
  };

  const initialPrice = value("price", penceToPounds(product?.price_cents ?? 0));
  const [price, setPrice] = useState(initialPrice);
  const priceInput = useRef<HTMLInputElement>(null);
  useEffect(() => setPrice((current) => priceInput.current?.value ?? current), []);
  const [mainFile, setMainFile] = useState<FileLine | null>(
    product?.main_file ? { choice: "keep", name: product.main_file } : null,
  );
  const [attachments, setAttachments] = useState<FileLine[]>(
    (product?.attachments ?? []).map((name, i) => ({ choice: keepAttachment(i + 1), name })),
  );
  const [image, setImage] = useState<{ choice: string; url: string | null }>({
    choice: product?.image_url ? "keep" : "none",
    url: product?.image_url ?? null,
  });
  const [imageUploaded, setImageUploaded] = useState(false);
  const ids = { title: useId(), errors: useId() };

  // Opened from the list, the form's heading takes the focus, so a screen reader starts there. Not
  // when she is already typing in a field (the page loaded whole and came alive under her fingers):
  // moving the focus then sent the rest of her typing nowhere.
  useEffect(() => {
    const heading = headingRef.current;
    if (!heading?.closest("section")?.contains(document.activeElement)) heading?.focus();
  }, []);

  const priceCents = parsePounds(price);

  return (
    <section aria-labelledby={ids.title} className={cardClass("mb-10 p-5 sm:p-8")}>
      <h2 id={ids.title} ref={headingRef} tabIndex={-1} className="text-2xl outline-none">
        {product ? `Edit “${product.title}”` : "New Product"}
      </h2>
      {errors?.length ? (
        <div id={ids.errors} role="alert" className={noticeClass("error", "mt-4")}>
          {errors.join(", ")}
        </div>
      ) : null}
      <Form
        method="post"
        // Our own check speaks (spec §5: one 'Validation Error' toast), not the browser's bubbles.
        noValidate
        className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2"
        aria-describedby={errors?.length ? ids.errors : undefined}
        onSubmit={(event) => {
          const parsed = parseProductForm(new FormData(event.currentTarget));
          if (!parsed.ok) {
            event.preventDefault();
            showToast({ title: "Validation Error", description: parsed.errors.join(", "), variant: "destructive" });
          }
        }}
      >
        <input type="hidden" name="intent" value={product ? "update" : "create"} />
        {product ? <input type="hidden" name="id" value={product.id} /> : null}

        <TextField
          label="Title"
          name="title"
          required
          className="md:col-span-2"
          maxLength={500}
          defaultValue={value("title", product?.title ?? "")}
          error={fieldErrors.title}
        />
        <TextField
          label="Short description"
          name="short_description"
          className="md:col-span-2"
          maxLength={500}
          defaultValue={value("short_description", product?.short_description ?? "")}
          error={fieldErrors.short_description}
        />
        <TextAreaField
          label="Description"
          name="description"
          required
          className="md:col-span-2"
          rows={6}
          maxLength={10_000}
          defaultValue={value("description", product?.description ?? "")}
          error={fieldErrors.description}
        />
        <TextField
          label="Category"
          name="category"
          hint="Comma-separated, for example: Energy, Beginners"
          maxLength={200}
          defaultValue={value("category", product?.category ?? "")}
          error={fieldErrors.category}
        />
        <Field
          label="Product type"
          hint={isPlan ? "The Digital Access plan is always a monthly membership." : undefined}
        >
          {(id, hint) =>
            isPlan ? (
              <input
                id={id}
                value="Membership (monthly plan)"
                readOnly
                aria-describedby={hint}
                className={inputClass}
              />
            ) : (
              <select
                id={id}
                name="product_type"
                defaultValue={value("product_type", product?.product_type ?? "digital_guide")}
                className={inputClass}
              >
                {EDITABLE_PRODUCT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PRODUCT_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            )
          }
        </Field>
        <TextField
          label="Price (£)"
          name="price"
          hint={
            priceCents === null || priceCents < 0
              ? "In pounds, for example 14.50"
              : `Shown as ${formatPrice(priceCents)}`
          }
          type="text"
          inputMode="decimal"
          // Uncontrolled (hydration keeps what was typed); the state mirrors it for the hint.
          defaultValue={initialPrice}
          onChange={(event) => setPrice(event.currentTarget.value)}
          ref={priceInput}
          error={fieldErrors.price}
        />
        <TextField
          label="Duration (minutes)"
          name="duration_minutes"
          hint="Leave empty when it does not apply"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={value("duration_minutes", product?.duration_minutes?.toString() ?? "")}
          error={fieldErrors.duration_minutes}
        />
        {isPlan ? null : (
          <TextField
            label="Video URL"
            name="video_url"
            hint="A YouTube link; only buyers see the video"
            className="md:col-span-2"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            defaultValue={value("video_url", product?.video_url ?? "")}
            error={fieldErrors.video_url}
          />
        )}
        <TextField
          label="Features"
          name="features"
          hint="Comma-separated"
          className="md:col-span-2"
          defaultValue={value("features", product?.features.join(", ") ?? "")}
          error={fieldErrors.features}
        />
        <TextField
          label="Sort order"
          name="sort_order"
          hint="Lower numbers come first"
          type="number"
          inputMode="numeric"
          step={1}
          defaultValue={value("sort_order", String(product?.sort_order ?? 0))}
          error={fieldErrors.sort_order}
        />
        <CheckboxField
          label="Featured"
          name="is_featured"
          defaultChecked={submitted ? submitted.is_featured === "on" : (product?.is_featured ?? false)}
          className="flex items-center gap-3 self-end pb-2 text-sm font-semibold text-plum-900"
          inputClassName="size-5 accent-plum-600"
        />

        {isPlan ? null : (
          <div className="md:col-span-2">
            <input type="hidden" name="main_file" value={mainFile?.choice ?? "none"} />
            <FileUploadField
              kind="file"
              label="Product file (PDF, audio or video)"
              hint={`PDF, MP3, M4A, OGG, WAV, MP4 or WebM, up to ${limits.maxFileMb} MB. Only buyers can download it.`}
              limits={limits}
              onBusyChange={(delta) => setUploading((n) => n + delta)}
              onUploaded={(file) => setMainFile({ choice: file.id, name: file.name })}
            />
            <FileLines
              label="Product file"
              lines={mainFile ? [{ ...mainFile, shown: mainFile.name }] : []}
              empty="No file yet: the download button stays disabled until there is one."
              onRemove={() => setMainFile(null)}
            />
            {!mainFile && priceCents !== 0 ? (
              <p role="note" className="mt-2 rounded-lg bg-gold-300/40 px-3 py-2 text-sm text-plum-900">
                {productFormMessages.paidNeedsFile}
              </p>
            ) : null}
          </div>
        )}

        {isPlan ? null : (
          <div className="md:col-span-2">
            <input type="hidden" name="attachments_sent" value="1" />
            {attachments.map((line) => (
              <input key={line.choice} type="hidden" name="attachments" value={line.choice} />
            ))}
            <FileUploadField
              kind="attachment"
              label="PDF attachments"
              hint={`PDF files only, up to ${limits.maxFileMb} MB each. Shown to buyers as Attachment 1, 2, ...`}
              limits={limits}
              multiple
              onBusyChange={(delta) => setUploading((n) => n + delta)}
              onUploaded={(file) => setAttachments((list) => [...list, { choice: file.id, name: file.name }])}
            />
            <FileLines
              label="Attachment"
              lines={attachments.map((line, i) => ({ ...line, shown: `PDF ${i + 1}: ${line.name}` }))}
              empty="No attachments."
              onRemove={(choice) => setAttachments((list) => list.filter((line) => line.choice !== choice))}
            />
          </div>
        )}

        <div className="md:col-span-2">
          <input type="hidden" name="image" value={image.choice} />
          <FileUploadField
            kind="image"
            label="Cover image"
            hint={`PNG, JPEG, WebP or AVIF, up to ${limits.maxImageMb} MB. Resized to 1200 × 630.`}
            limits={limits}
            onBusyChange={(delta) => setUploading((n) => n + delta)}
            onUploaded={(file) => {
              setImage({ choice: file.id, url: file.url });
              setImageUploaded(true);
            }}
          />
          {imageUploaded ? (
            <p className="mt-2 text-sm font-semibold text-green-800">Image uploaded successfully</p>
          ) : null}
          {image.url ? (
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <img
                src={image.url}
                alt="Cover preview"
                width={240}
                height={126}
                className="h-auto w-full max-w-60 rounded-lg border border-plum-100"
              />
              <button
                type="button"
                className={buttonClass("quiet")}
                onClick={() => {
                  setImage({ choice: "none", url: null });
                  setImageUploaded(false);
                }}
              >
                Remove cover
              </button>
            </div>
          ) : null}
        </div>

        <div className="flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? "Uploading..." : product ? "Update Product" : "Create Product"}
          </button>
          <Link to={cancelHref} className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

import { EDITABLE_PRODUCT_TYPES, type EditableProductType, LIMITS } from "~/features/shop/model";
import { sanitiseText as sanitise } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { toYouTubeEmbedUrl } from "./youtube-embed";

export const PRODUCT_TYPE_LABELS: Record<EditableProductType, string> = {
  digital_guide: "PDF guide",
  video_course: "Video course",
  audio: "Audio",
};

/** Spec §9 checkout limits: a product the form accepts is one checkout accepts. */
const MAX_PRICE_CENTS = LIMITS.maxPriceCents;
const MAX_TITLE = LIMITS.productTitleLength;
const SORT_LIMIT = 1_000_000;

export const productFormMessages = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${MAX_TITLE} characters`,
  titleCharacters: "Title cannot contain angle brackets (< >)",
  descriptionRequired: "Description is required",
  priceNegative: "Price cannot be negative",
  priceTooHigh: "Price cannot be more than £10,000.00",
  pricePounds: "Price must be in pounds, for example 14.50",
  durationWhole: "Duration must be a whole number of minutes",
  sortWhole: `Sort order must be a whole number from -${SORT_LIMIT.toLocaleString("en-GB")} to ${SORT_LIMIT.toLocaleString("en-GB")}`,
  videoUrl: "Video URL must be a YouTube link",
  productType: "Choose a product type",
  tooLong: (field: string, max: number) => `${field} must be at most ${max.toLocaleString("en-GB")} characters`,
  tooManyFeatures: "At most 30 features, each at most 200 characters",
  badFileReference: "A file reference is not valid. Please upload the file again.",
  paidNeedsFile:
    "A paid product needs its file before it can be sold: until you upload one, it shows as 'Available Soon' and checkout refuses it.",
} as const;

const text = (field: string, max: number) =>
  z
    .string()
    .default("")
    .transform((v) => sanitise(v).trim())
    .pipe(z.string().max(max, productFormMessages.tooLong(field, max)));

/** Spec §5: parsed as an integer, an empty field meaning the default. */
const integer = (fallback: number | null, message: string) =>
  z
    .string()
    .default("")
    .transform((v, ctx) => {
      const trimmed = v.trim();
      if (trimmed === "") return fallback;
      if (!/^[+-]?\d{1,9}$/.test(trimmed)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number.parseInt(trimmed, 10);
    });

/**
 * A price as the owner types it, in pounds ('14.50', '14.5', '14', '£1,250'), to whole pence
 * without floating point; an empty field is free. A comma is read only as a thousands separator
 * ('1,250.00'): '12,50' (a decimal comma) is refused, never read as £1,250.00.
 */
export function parsePounds(value: string): number | null {
  const typed = value.trim().replace(/^£/, "");
  if (typed.includes(",") && !/^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(typed)) return null;
  const trimmed = typed.replace(/,/g, "");
  if (trimmed === "") return 0;
  const match = /^(-?)(\d{1,7})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const [, minus, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return minus && cents > 0 ? -cents : cents;
}

/** Pence as the form shows them: pounds with two decimals ('14.50'). */
export const penceToPounds = (cents: number) => (cents / 100).toFixed(2);

const pounds = z
  .string()
  .default("")
  .transform((v, ctx) => {
    const cents = parsePounds(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: productFormMessages.pricePounds });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(z.number().min(0, productFormMessages.priceNegative).max(MAX_PRICE_CENTS, productFormMessages.priceTooHigh));

/**
 * What the form says about one of a product's files. On the wire (form fields) a choice is `keep`
 * (what the product has now), `none` (no file), `keep:N` (its Nth attachment) or the id of an
 * upload this server stored; the schema turns those strings into these, and nothing else reads them.
 */
export type FileChoice = { kind: "keep" } | { kind: "none" } | { kind: "upload"; uploadId: string };
export type AttachmentChoice = { kind: "keep"; position: number } | { kind: "upload"; uploadId: string };

/** The wire form of keeping the product's Nth attachment (1-based), for the form to send. */
export const keepAttachment = (position: number) => `keep:${position}`;

const uploadId = z.uuid();

const fileChoice = z.string().transform((v, ctx): FileChoice => {
  if (v === "keep" || v === "none") return { kind: v };
  if (uploadId.safeParse(v).success) return { kind: "upload", uploadId: v.toLowerCase() };
  ctx.addIssue({ code: "custom", message: productFormMessages.badFileReference });
  return z.NEVER;
});

const attachmentChoice = z.string().transform((v, ctx): AttachmentChoice => {
  const kept = /^keep:([1-9]\d{0,2})$/.exec(v);
  if (kept) return { kind: "keep", position: Number(kept[1]) };
  if (uploadId.safeParse(v).success) return { kind: "upload", uploadId: v.toLowerCase() };
  ctx.addIssue({ code: "custom", message: productFormMessages.badFileReference });
  return z.NEVER;
});

/**
 * The admin product form (spec §3 properties, §5 rules), parsed the same way in the browser and on
 * the server. Only these properties are read from a request; anything else is ignored.
 */
export const productFormSchema = z.object({
  title: z
    .string()
    .default("")
    .transform((v) => v.trim())
    .superRefine((title, ctx) => {
      if (title === "") ctx.addIssue({ code: "custom", message: productFormMessages.titleRequired });
      else if (title.length > MAX_TITLE) ctx.addIssue({ code: "custom", message: productFormMessages.titleTooLong });
      else if (sanitise(title) !== title)
        ctx.addIssue({ code: "custom", message: productFormMessages.titleCharacters });
    }),
  short_description: text("Short description", 500),
  description: text("Description", 10_000).refine((v) => v !== "", productFormMessages.descriptionRequired),
  category: text("Category", 200).transform((v) => v || null),
  product_type: z.enum(EDITABLE_PRODUCT_TYPES, { error: productFormMessages.productType }).default("digital_guide"),
  /** Entered in pounds, kept in pence. */
  price: pounds,
  duration_minutes: integer(null, productFormMessages.durationWhole).pipe(
    z.number().min(0, productFormMessages.durationWhole).max(100_000, productFormMessages.durationWhole).nullable(),
  ),
  video_url: z
    .string()
    .default("")
    .transform((v, ctx) => {
      if (v.trim() === "") return null;
      const embed = toYouTubeEmbedUrl(v);
      if (!embed) {
        ctx.addIssue({ code: "custom", message: productFormMessages.videoUrl });
        return z.NEVER;
      }
      return embed;
    }),
  // Spec §5: split on commas, trimmed, empties dropped.
  features: z
    .string()
    .default("")
    .transform((v) =>
      sanitise(v)
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().max(200, productFormMessages.tooManyFeatures)).max(30, productFormMessages.tooManyFeatures),
    ),
  is_featured: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true" || v === "1"),
  sort_order: integer(0, productFormMessages.sortWhole).pipe(
    z
      .number()
      .min(-SORT_LIMIT, productFormMessages.sortWhole)
      .max(SORT_LIMIT, productFormMessages.sortWhole)
      .nullable()
      .transform((v) => v ?? 0),
  ),
  main_file: fileChoice.optional(),
  image: fileChoice.optional(),
  attachments: z.array(attachmentChoice).max(20, "At most 20 attachments").optional(),
});

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** Spec §3's product properties as the form names them: the only ones a request may set. */
export const PRODUCT_FIELDS = [
  "title",
  "short_description",
  "description",
  "category",
  "product_type",
  "price",
  "duration_minutes",
  "video_url",
  "features",
  "is_featured",
  "sort_order",
] as const;

/** The file fields, which carry `keep`, `none` or an upload id. */
const FILE_FIELDS = ["main_file", "image"] as const;

/** The form's fields as the schema reads them; a file sent where text belongs counts as empty. */
export function readProductForm(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of [...PRODUCT_FIELDS, ...FILE_FIELDS]) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  // The form always sends the marker, so an empty list (every attachment removed) is told apart from
  // a request that says nothing about attachments (which keeps them).
  if (form.has("attachments") || form.get("attachments_sent") === "1") {
    values.attachments = form.getAll("attachments").filter((v) => typeof v === "string" && v !== "");
  }
  return values;
}

export type ParsedProductForm = { ok: true; values: ProductFormValues } | { ok: false; errors: string[] };

/** Parses the form; the errors come in the form's order, ready to be joined for the toast. */
export function parseProductForm(form: FormData): ParsedProductForm {
  const result = productFormSchema.safeParse(readProductForm(form));
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, errors: [...new Set(result.error.issues.map((issue) => issue.message))] };
}

import { and, eq, inArray, isNotNull, isNull, like, or } from "drizzle-orm";
import { getProduct } from "~/features/catalogue/get-product.server";
import { SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import type { Database } from "~/lib/db/client.server";
import { products, type Upload, uploads } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { AdminActionError } from "./admin-action-error";
import { deleteStoredFiles, imageKeyOf } from "./delete-stored-files.server";
import { type ProductFormValues, productFormMessages } from "./product-form-schema";
import { slugify } from "./slugify";
import type { UploadKind } from "./upload-rules";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const gone = () => new AdminActionError(404, "This product no longer exists. It may have been deleted.");
const badReference = () => new AdminActionError(400, productFormMessages.badFileReference);

/**
 * Creates a product (id = `id` omitted) or updates one. Files are named only by the ids of uploads
 * this server stored; an upload is claimed by one product in the same transaction as the write,
 * and files the product no longer uses are deleted once it commits. Buyers' access follows the
 * product id, so a replaced file is what they download next.
 */
export async function saveProduct(
  services: AppServices,
  input: { id?: string | undefined; values: ProductFormValues },
): Promise<{ id: string; created: boolean }> {
  const { db } = services.database;
  const { values } = input;
  const existing = input.id ? await getProduct(db, input.id) : undefined;
  if (input.id && !existing) throw gone();
  const isPlan = existing?.id === SUBSCRIPTION_ID;

  // What each file field asks for; absent fields keep what an existing product has.
  const mainChoice = isPlan ? "none" : (values.main_file ?? (existing ? "keep" : "none"));
  const imageChoice = values.image ?? (existing ? "keep" : "none");
  const attachmentChoices = isPlan
    ? []
    : (values.attachments ?? existing?.pdfAttachments.map((_, i) => `keep:${i + 1}`) ?? []);

  const wanted = new Map<string, UploadKind>();
  const want = (choice: string, kind: UploadKind) => {
    if (choice === "keep" || choice === "none" || choice.startsWith("keep:")) return;
    if (wanted.has(choice)) throw badReference();
    wanted.set(choice, kind);
  };
  want(mainChoice, "file");
  want(imageChoice, "image");
  for (const choice of attachmentChoices) want(choice, "attachment");
  const found = await usableUploads(services, [...wanted.keys()], existing?.id);
  for (const [id, kind] of wanted) if (found.get(id)?.kind !== kind) throw badReference();

  const keyOf = (choice: string, current: string | null | undefined) => {
    if (choice === "keep") return current ?? null;
    if (choice === "none") return null;
    return found.get(choice)?.storageKey ?? null;
  };
  const downloadUrl = keyOf(mainChoice, existing?.downloadUrl);
  const imageKey = keyOf(imageChoice, existing ? imageKeyOf(existing.imageUrl) : null);
  const pdfAttachments = attachmentChoices.map((choice) => {
    if (!choice.startsWith("keep:")) return found.get(choice)?.storageKey as string;
    const kept = existing?.pdfAttachments[Number(choice.slice(5)) - 1];
    if (!kept) throw badReference();
    return kept;
  });

  const row = {
    title: values.title,
    shortDescription: values.short_description,
    description: values.description,
    category: values.category,
    productType: isPlan ? "subscription" : values.product_type,
    priceCents: values.price_cents,
    durationMinutes: values.duration_minutes,
    videoUrl: isPlan ? null : values.video_url,
    features: values.features,
    isFeatured: values.is_featured,
    sortOrder: values.sort_order,
    downloadUrl,
    // A kept cover may be an address outside our image store (a seeded or older product's).
    imageUrl: imageChoice === "keep" ? (existing?.imageUrl ?? null) : imageKey ? `/media/${imageKey}` : null,
    pdfAttachments,
  };

  const id = await db.transaction(async (tx) => {
    // PGlite trap: only `tx` inside this callback.
    let productId: string;
    if (existing) {
      const updated = await tx
        .update(products)
        .set(row)
        .where(and(eq(products.id, existing.id), isNull(products.archivedAt)))
        .returning({ id: products.id });
      if (updated.length === 0) throw gone();
      productId = existing.id;
    } else {
      productId = await newProductId(tx, values.title);
      await tx.insert(products).values({ id: productId, ...row });
    }
    if (wanted.size > 0) {
      const claimed = await tx
        .update(uploads)
        .set({ productId })
        .where(
          and(inArray(uploads.id, [...wanted.keys()]), or(isNull(uploads.productId), eq(uploads.productId, productId))),
        )
        .returning({ id: uploads.id });
      // Another product took one of these uploads in the meantime.
      if (claimed.length !== wanted.size) throw badReference();
    }
    return productId;
  });

  if (existing) {
    const stillUsed = new Set([downloadUrl, imageKey, ...pdfAttachments]);
    const before = [existing.downloadUrl, ...existing.pdfAttachments].filter((k): k is string => Boolean(k));
    await deleteStoredFiles(services, {
      files: before.filter((key) => !stillUsed.has(key)),
      images: [imageKeyOf(existing.imageUrl)].filter((k): k is string => Boolean(k) && !stillUsed.has(k)),
    });
  }
  services.logger.info({ productId: id, created: !existing }, existing ? "product updated" : "product created");
  return { id, created: !existing };
}

/** Completed uploads not taken by another product, whose files are really in storage. */
async function usableUploads(
  services: AppServices,
  ids: string[],
  productId: string | undefined,
): Promise<Map<string, Upload>> {
  if (ids.length === 0) return new Map();
  const rows = await services.database.db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, ids),
        isNotNull(uploads.completedAt),
        productId ? or(isNull(uploads.productId), eq(uploads.productId, productId)) : isNull(uploads.productId),
      ),
    );
  const usable = new Map<string, Upload>();
  for (const upload of rows) {
    const store = upload.kind === "image" ? services.images : services.files;
    if (await store.stat(upload.storageKey)) usable.set(upload.id, upload);
  }
  return usable;
}

/** A readable, unique id from the title (`moon-ritual-journal`, then `moon-ritual-journal-2`). */
async function newProductId(tx: Tx, title: string): Promise<string> {
  const base = slugify(title) || "product";
  const taken = new Set(
    (
      await tx
        .select({ id: products.id })
        .from(products)
        .where(or(eq(products.id, base), like(products.id, `${base}-%`)))
    ).map((r) => r.id),
  );
  taken.add(SUBSCRIPTION_ID);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

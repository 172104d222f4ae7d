import { and, eq, inArray, isNotNull, isNull, like, or } from "drizzle-orm";
import { SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import type { Database } from "~/lib/db/client.server";
import { type Product, products, type Upload, uploads } from "~/lib/db/schema.server";
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
  const { values } = input;
  const isPlan = input.id === SUBSCRIPTION_ID;
  // The plan has no files; what a request says about them is not read.
  const choices = {
    main: isPlan ? "none" : values.main_file,
    image: values.image,
    attachments: isPlan ? [] : values.attachments,
  };

  const wanted = new Map<string, UploadKind>();
  const want = (choice: string | undefined, kind: UploadKind) => {
    if (!choice || choice === "keep" || choice === "none" || choice.startsWith("keep:")) return;
    if (wanted.has(choice)) throw badReference();
    wanted.set(choice, kind);
  };
  want(choices.main, "file");
  want(choices.image, "image");
  for (const choice of choices.attachments ?? []) want(choice, "attachment");
  const found = await usableUploads(services, [...wanted.keys()], input.id);
  for (const [id, kind] of wanted) if (found.get(id)?.kind !== kind) throw badReference();
  const uploaded = (choice: string) => found.get(choice)?.storageKey as string;

  for (let attempt = 1; ; attempt++) {
    try {
      const saved = await services.database.db.transaction(async (tx) => {
        // PGlite trap: only `tx` inside this callback. The row is locked, so `keep` means what the
        // product has now, even when another admin saved it a moment ago.
        let existing: Product | undefined;
        if (input.id) {
          [existing] = await tx
            .select()
            .from(products)
            .where(and(eq(products.id, input.id), isNull(products.archivedAt)))
            .for("update");
          if (!existing) throw gone();
        }
        // Absent fields keep what an existing product has.
        const keyOf = (choice: string | undefined, current: string | null) => {
          if (choice === undefined || choice === "keep") return existing ? current : null;
          return choice === "none" ? null : uploaded(choice);
        };
        const downloadUrl = keyOf(choices.main, existing?.downloadUrl ?? null);
        const keptImage = choices.image === undefined || choices.image === "keep";
        const imageKey = keyOf(choices.image, imageKeyOf(existing?.imageUrl));
        const pdfAttachments = (
          choices.attachments ??
          existing?.pdfAttachments.map((_, i) => `keep:${i + 1}`) ??
          []
        ).map((choice) => {
          if (!choice.startsWith("keep:")) return uploaded(choice);
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
          imageUrl: keptImage ? (existing?.imageUrl ?? null) : imageKey ? `/media/${imageKey}` : null,
          pdfAttachments,
        };

        const productId = existing?.id ?? (await newProductId(tx, values.title));
        if (existing) await tx.update(products).set(row).where(eq(products.id, productId));
        else await tx.insert(products).values({ id: productId, ...row });
        if (wanted.size > 0) {
          const claimed = await tx
            .update(uploads)
            .set({ productId })
            .where(
              and(
                inArray(uploads.id, [...wanted.keys()]),
                or(isNull(uploads.productId), eq(uploads.productId, productId)),
              ),
            )
            .returning({ id: uploads.id });
          // Another product took one of these uploads in the meantime, or the sweep removed it.
          if (claimed.length !== wanted.size) throw badReference();
        }
        // What the product used before and uses no more, from the locked row.
        const stillUsed = new Set([downloadUrl, imageKey, ...pdfAttachments]);
        const unused = {
          files: [existing?.downloadUrl, ...(existing?.pdfAttachments ?? [])].filter(
            (k): k is string => Boolean(k) && !stillUsed.has(k as string),
          ),
          images: [imageKeyOf(existing?.imageUrl)].filter((k): k is string => Boolean(k) && !stillUsed.has(k)),
        };
        return { id: productId, created: !existing, unused };
      });
      await deleteStoredFiles(services, saved.unused);
      services.logger.info(
        { productId: saved.id, created: saved.created },
        saved.created ? "product created" : "product updated",
      );
      return { id: saved.id, created: saved.created };
    } catch (error) {
      // Two new products with one title can pick the same id at once; the second simply picks again.
      if (attempt < 3 && !input.id && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
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

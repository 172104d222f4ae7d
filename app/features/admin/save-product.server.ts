import { and, eq, inArray, isNotNull, isNull, like, or } from "drizzle-orm";
import { SUBSCRIPTION_ID, type UploadKind } from "~/features/shop/model";
import { announcePublicChange } from "~/lib/announce-public-change.server";
import { AppError } from "~/lib/app-error";
import type { Transaction } from "~/lib/db/client.server";
import { type Product, products, type Upload, uploads } from "~/lib/db/schema.server";
import { unclaimedUpload } from "~/lib/db/unclaimed-upload.server";
import type { AppServices } from "~/lib/services.server";
import { deleteStoredFiles } from "./delete-stored-files.server";
import { planProductFiles } from "./plan-product-files";
import { type FileChoice, type ProductFormValues, productFormMessages } from "./product-form-schema";
import { slugify } from "./slugify";

const gone = () => new AppError("not_found", "This product no longer exists. It may have been deleted.");
const badReference = () => new AppError("invalid_request", productFormMessages.badFileReference);

/**
 * Creates a product (`id` omitted) or updates one. Files are named only by the ids of uploads this
 * server stored; an upload is claimed by one product in the same transaction as the write, and files
 * the product no longer uses are deleted once it commits (`planProductFiles` decides which). Buyers'
 * access follows the product id, so a replaced file is what they download next.
 */
export async function saveProduct(
  services: AppServices,
  input: { id?: string | undefined; values: ProductFormValues },
): Promise<{ id: string; created: boolean }> {
  const { values } = input;
  const isPlan = input.id === SUBSCRIPTION_ID;
  // The plan has no files; what a request says about them is not read.
  const choices = {
    main: isPlan ? ({ kind: "none" } as const) : values.main_file,
    image: values.image,
    attachments: isPlan ? [] : values.attachments,
  };
  const wanted = wantedUploads(choices);
  const found = await usableUploads(services, [...wanted.keys()], input.id);
  for (const [id, kind] of wanted) if (found.get(id)?.kind !== kind) throw badReference();
  const uploaded = new Map([...found].map(([id, upload]) => [id, upload.storageKey]));

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
        const files = planProductFiles({ existing: existing ?? null, choices, uploaded });
        const row = {
          title: values.title,
          shortDescription: values.short_description,
          description: values.description,
          category: values.category,
          productType: isPlan ? ("subscription" as const) : values.product_type,
          priceCents: values.price,
          durationMinutes: values.duration_minutes,
          videoUrl: isPlan ? null : values.video_url,
          features: values.features,
          isFeatured: values.is_featured,
          sortOrder: values.sort_order,
          downloadUrl: files.downloadUrl,
          imageUrl: files.imageUrl,
          pdfAttachments: files.pdfAttachments,
        };
        const productId = existing?.id ?? (await newProductId(tx, values.title));
        if (existing) await tx.update(products).set(row).where(eq(products.id, productId));
        else await tx.insert(products).values({ id: productId, ...row });
        await claimUploads(tx, [...wanted.keys()], productId);
        return { id: productId, created: !existing, unused: files.unused };
      });
      // The catalogue changed: the next visitor's page is rendered afresh.
      announcePublicChange(services);
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

/** The uploads a save names, each once, with the kind it must be. */
function wantedUploads(choices: {
  main?: FileChoice | undefined;
  image?: FileChoice | undefined;
  attachments?: { kind: string; uploadId?: string }[] | undefined;
}): Map<string, UploadKind> {
  const wanted = new Map<string, UploadKind>();
  const want = (uploadId: string, kind: UploadKind) => {
    if (wanted.has(uploadId)) throw badReference();
    wanted.set(uploadId, kind);
  };
  if (choices.main?.kind === "upload") want(choices.main.uploadId, "file");
  if (choices.image?.kind === "upload") want(choices.image.uploadId, "image");
  for (const choice of choices.attachments ?? []) if (choice.uploadId) want(choice.uploadId, "attachment");
  return wanted;
}

/** Takes the uploads for this product; another product took one meanwhile, or the sweep removed it. */
async function claimUploads(tx: Transaction, uploadIds: string[], productId: string): Promise<void> {
  if (uploadIds.length === 0) return;
  const claimed = await tx
    .update(uploads)
    .set({ productId })
    .where(and(inArray(uploads.id, uploadIds), or(unclaimedUpload, eq(uploads.productId, productId))))
    .returning({ id: uploads.id });
  if (claimed.length !== uploadIds.length) throw badReference();
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Completed uploads not taken by another product, event, photo or song, whose files are really in storage. */
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
        productId ? or(unclaimedUpload, eq(uploads.productId, productId)) : unclaimedUpload,
      ),
    );
  const usable = new Map<string, Upload>();
  for (const upload of rows) {
    const store = upload.kind === "image" || upload.kind === "photo" ? services.images : services.files;
    if (await store.stat(upload.storageKey)) usable.set(upload.id, upload);
  }
  return usable;
}

/** A readable, unique id from the title (`moon-ritual-journal`, then `moon-ritual-journal-2`). */
async function newProductId(tx: Transaction, title: string): Promise<string> {
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

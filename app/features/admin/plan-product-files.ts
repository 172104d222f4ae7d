import { AppError } from "~/lib/app-error";
import type { AttachmentChoice, FileChoice } from "./product-form-schema";
import { productFormMessages } from "./product-form-schema";

/** A product's files as stored: storage keys, and the cover's public address. */
export type ProductFiles = { downloadUrl: string | null; imageUrl: string | null; pdfAttachments: string[] };

export type FilePlan = ProductFiles & {
  /** Storage keys the product used and uses no more: deleted once the write has committed. */
  unused: { files: string[]; images: string[] };
};

/** The image-store key behind a cover address such as `/media/covers/x.webp`; null for any other. */
export function imageKeyOf(imageUrl: string | null | undefined): string | null {
  const match = imageUrl?.match(/^\/media\/([a-z0-9-]+\/[A-Za-z0-9._-]+)$/);
  return match?.[1] ?? null;
}

const badReference = () => new AppError("invalid_request", productFormMessages.badFileReference);

/**
 * A product's files after a save, from what it has now (`existing`, read from the locked row; null
 * for a new product), what the form chose, and the storage keys of the uploads it named. An absent
 * choice keeps what an existing product has. Pure: the caller reads and writes.
 */
export function planProductFiles(input: {
  existing: ProductFiles | null;
  choices: {
    main?: FileChoice | undefined;
    image?: FileChoice | undefined;
    attachments?: AttachmentChoice[] | undefined;
  };
  uploaded: ReadonlyMap<string, string>;
}): FilePlan {
  const { existing, choices } = input;
  const uploadedKey = (uploadId: string) => {
    const key = input.uploaded.get(uploadId);
    if (!key) throw badReference();
    return key;
  };
  const keyOf = (choice: FileChoice | undefined, current: string | null) => {
    if (!choice || choice.kind === "keep") return current;
    return choice.kind === "none" ? null : uploadedKey(choice.uploadId);
  };

  const downloadUrl = keyOf(choices.main, existing?.downloadUrl ?? null);
  const keptImage = !choices.image || choices.image.kind === "keep";
  const newImageKey = keptImage ? null : keyOf(choices.image, null);
  // A kept cover may be an address outside our image store (a seeded or older product's).
  const imageUrl = keptImage ? (existing?.imageUrl ?? null) : newImageKey ? `/media/${newImageKey}` : null;
  const pdfAttachments = choices.attachments
    ? choices.attachments.map((choice) => {
        if (choice.kind === "upload") return uploadedKey(choice.uploadId);
        const kept = existing?.pdfAttachments[choice.position - 1];
        if (!kept) throw badReference();
        return kept;
      })
    : (existing?.pdfAttachments ?? []);

  const stillUsed = new Set([downloadUrl, imageKeyOf(imageUrl), ...pdfAttachments]);
  const unusedFiles = [existing?.downloadUrl, ...(existing?.pdfAttachments ?? [])].filter(
    (key): key is string => Boolean(key) && !stillUsed.has(key as string),
  );
  const oldImage = imageKeyOf(existing?.imageUrl);
  return {
    downloadUrl,
    imageUrl,
    pdfAttachments,
    unused: { files: unusedFiles, images: oldImage && !stillUsed.has(oldImage) ? [oldImage] : [] },
  };
}

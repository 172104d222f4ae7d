import type { Readable } from "node:stream";
import { AppError } from "~/lib/app-error";
import { downloadLog } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { checkAccess } from "./check-access.server";
import { contentDisposition, parseRange } from "./content-disposition";
import { getProductsByIds } from "./get-product.server";
import { checkoutMessages, mediaTypeOf, shopMessages } from "./model";

export type DownloadRequest = {
  productId: string;
  /** 0 for the main file, N for the Nth PDF attachment. */
  attachment: number;
  /** Shown in the page (a player) rather than saved. */
  inline: boolean;
  /** A HEAD request: the same checks and headers, no body and no log entry. */
  head: boolean;
  range: string | null;
};

/** What to answer: a short-lived signed address (S3), or the bytes (or just the headers) to send. */
export type Download =
  | { kind: "redirect"; url: string }
  | { kind: "file"; status: 200 | 206 | 416; headers: Record<string, string>; body: Readable | null };

/**
 * A protected file for one account. The session and the entitlement are checked here, on every
 * request, before any byte is sent; refusals are the spec's §8 messages. Archived products stay
 * downloadable for the people who have access to them.
 */
export async function openDownload(
  services: AppServices,
  account: { id: string; email: string } | null,
  request: DownloadRequest,
): Promise<Download> {
  const { db } = services.database;
  const [product] = await getProductsByIds(db, [request.productId]);
  if (!product) throw new AppError("not_found", checkoutMessages.productNotFound, "Not found");

  const access = await checkAccess(db, account, product);
  if (!access.allowed) {
    throw access.reason === "not_signed_in"
      ? new AppError("not_signed_in", shopMessages.notLoggedIn)
      : new AppError("purchase_required", shopMessages.purchaseRequired);
  }

  const key = request.attachment === 0 ? product.downloadUrl : product.pdfAttachments[request.attachment - 1];
  if (!key) throw new AppError("no_file", shopMessages.noFile);
  const media = mediaTypeOf(key);
  const ext = media?.ext ?? key.split(".").pop() ?? "";
  const baseName = product.title.replace(/[^\p{L}\p{N} -]/gu, "").trim() || product.id;
  const filename =
    request.attachment === 0 ? `${baseName}.${ext}` : `${baseName} - Attachment ${request.attachment}.${ext}`;
  const disposition = contentDisposition(request.inline ? "inline" : "attachment", filename);
  const type = media?.mime ?? "application/octet-stream";

  const logDownload = async () => {
    // A player's follow-up range requests are the same download: log the first request only.
    if (request.head || (request.range && !/^bytes=0-/.test(request.range))) return;
    await db.insert(downloadLog).values({
      userId: account?.id ?? "",
      productId: product.id,
      fileKey: key,
      grant: access.grant,
    });
    services.logger.info({ userId: account?.id, productId: product.id, key, grant: access.grant }, "download");
  };

  if (services.files.signedUrl && !request.head) {
    const url = await services.files.signedUrl(key, {
      contentDisposition: disposition,
      contentType: type,
      expiresIn: 300,
    });
    await logDownload();
    return { kind: "redirect", url };
  }

  const info = await services.files.stat(key);
  if (!info) {
    services.logger.error({ productId: product.id, key }, "product file missing from storage");
    throw new AppError("no_file", shopMessages.noFile);
  }
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Disposition": disposition,
    "Accept-Ranges": "bytes",
    // no-transform keeps compression away from ranged bytes.
    "Cache-Control": "private, no-store, no-transform",
    "Last-Modified": info.modifiedAt.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  };
  const range = parseRange(request.range, info.size);
  if (range === "invalid") {
    return { kind: "file", status: 416, headers: { ...headers, "Content-Range": `bytes */${info.size}` }, body: null };
  }
  headers["Content-Length"] = String(range ? range.end - range.start + 1 : info.size);
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
  const status = range ? 206 : 200;
  if (request.head) return { kind: "file", status, headers, body: null };
  await logDownload();
  return { kind: "file", status, headers, body: await services.files.read(key, range ?? undefined) };
}

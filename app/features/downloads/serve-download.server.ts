import { Readable } from "node:stream";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { getProductsByIds } from "~/features/catalogue/get-product.server";
import { checkAccess } from "~/features/entitlements/check-access.server";
import { downloadLog } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { shopMessages } from "~/lib/shop-messages";
import { contentDisposition, parseRange } from "./content-disposition";

const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  webm: "video/webm",
  zip: "application/zip",
};

const problem = (status: number, message: { title: string; description: string }) =>
  Response.json(
    { error: message.title, message: message.description },
    { status, headers: { "Cache-Control": "no-store" } },
  );

/**
 * GET /api/downloads/:productId (attachment 0 is the main file, N the Nth PDF attachment).
 * The session and the entitlement are checked here, on every request, before any byte is sent.
 */
export async function serveDownload(
  services: AppServices,
  request: Request,
  productId: string,
  attachment: number,
): Promise<Response> {
  const { db } = services.database;
  if (productId.length > 100 || !Number.isInteger(attachment) || attachment < 0) {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
  const [product] = await getProductsByIds(db, [productId]);
  if (!product) return Response.json({ error: "Not found", message: "Product not found" }, { status: 404 });

  const account = await getSessionUser(request, services);
  const access = await checkAccess(db, account, product);
  if (!access.allowed) {
    return problem(access.status, access.status === 401 ? shopMessages.notLoggedIn : shopMessages.purchaseRequired);
  }

  const key = attachment === 0 ? product.downloadUrl : product.pdfAttachments[attachment - 1];
  if (!key) return problem(404, shopMessages.noFile);
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  const url = new URL(request.url);
  const inline = url.searchParams.get("inline") === "1";
  const baseName = product.title.replace(/[^\p{L}\p{N} -]/gu, "").trim() || product.id;
  const filename = attachment === 0 ? `${baseName}.${ext}` : `${baseName} - Attachment ${attachment}.${ext}`;
  const disposition = contentDisposition(inline ? "inline" : "attachment", filename);
  const type = TYPES[ext] ?? "application/octet-stream";
  const isHead = request.method === "HEAD";
  const range = request.headers.get("range");

  const logDownload = async () => {
    // A player's follow-up range requests are the same download: log the first request only.
    if (isHead || (range && !/^bytes=0-/.test(range))) return;
    await db.insert(downloadLog).values({ userId: account?.id ?? "", productId, fileKey: key, grant: access.grant });
    services.logger.info({ userId: account?.id, productId, key, grant: access.grant }, "download");
  };

  if (services.files.signedUrl && !isHead) {
    const signed = await services.files.signedUrl(key, {
      contentDisposition: disposition,
      contentType: type,
      expiresIn: 300,
    });
    await logDownload();
    return new Response(null, { status: 302, headers: { Location: signed, "Cache-Control": "no-store" } });
  }

  const info = await services.files.stat(key);
  if (!info) {
    services.logger.error({ productId, key }, "product file missing from storage");
    return problem(404, shopMessages.noFile);
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
  const parsed = parseRange(range, info.size);
  if (parsed === "invalid") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${info.size}` } });
  }
  const status = parsed ? 206 : 200;
  const length = parsed ? parsed.end - parsed.start + 1 : info.size;
  headers["Content-Length"] = String(length);
  if (parsed) headers["Content-Range"] = `bytes ${parsed.start}-${parsed.end}/${info.size}`;
  if (isHead) return new Response(null, { status, headers });
  await logDownload();
  const stream = await services.files.read(key, parsed ?? undefined);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}

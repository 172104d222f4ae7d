import { Readable } from "node:stream";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { storeUpload } from "~/features/admin/store-upload.server";
import { uploadMessages } from "~/features/admin/upload-rules";
import { getMembership } from "~/features/shop/get-membership.server";
import { shopMessages, UPLOAD_KINDS } from "~/features/shop/model";
import { type Download, openDownload } from "~/features/shop/open-download.server";
import { productIdSchema } from "~/features/shop/schemas";
import { MAX_WEBHOOK_BYTES, receiveStripeWebhook } from "~/features/shop/stripe/receive-stripe-webhook.server";
import { AppError } from "~/lib/app-error";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";

const downloadParams = z.object({
  productId: productIdSchema,
  n: z
    .stringFormat("attachment", /^[1-9]\d{0,2}$/)
    .transform(Number)
    .optional(),
});
const uploadQuery = z.object({ kind: z.enum(UPLOAD_KINDS) });

/**
 * The shop's and the admin's JSON and file endpoints under /api. Each parses its input at the edge
 * and calls one feature function; refusals are thrown as AppErrors and answered by the app's one
 * error handler (`describeError`).
 */
export function apiRoutes(services: AppServices) {
  const api = new Hono();

  // GET|HEAD /api/downloads/:productId (the main file) and .../attachments/:n (the Nth PDF attachment).
  const download = async (request: Request, params: Record<string, string>) => {
    const parsed = downloadParams.safeParse(params);
    if (!parsed.success) throw new AppError("not_found", "Not found", "Not found");
    const url = new URL(request.url);
    const account = await getSessionUser(request, services);
    const result = await openDownload(services, account, {
      productId: parsed.data.productId,
      attachment: parsed.data.n ?? 0,
      inline: url.searchParams.get("inline") === "1",
      head: request.method === "HEAD",
      range: request.headers.get("range"),
    });
    return downloadResponse(result);
  };
  api.get("/api/downloads/:productId", (c) => download(c.req.raw, c.req.param()));
  api.get("/api/downloads/:productId/attachments/:n", (c) => download(c.req.raw, c.req.param()));

  // Stripe signs the exact bytes, so the webhook reads the raw body itself.
  api.post(
    "/api/webhooks/stripe",
    bodyLimit({
      maxSize: MAX_WEBHOOK_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "Payload too large");
      },
    }),
    async (c) => {
      const rawBody = await c.req.text();
      const result = await receiveStripeWebhook(services, {
        rawBody,
        signature: c.req.header("stripe-signature") ?? null,
      });
      return c.json({ received: true, outcome: result.outcome });
    },
  );

  // check-subscription (spec §7) for the signed-in user.
  api.get("/api/membership", async (c) => {
    const account = await getSessionUser(c.req.raw, services);
    if (!account) throw new AppError("not_signed_in", shopMessages.notLoggedIn);
    return c.json(await getMembership(services.database.db, account.email), 200, { "Cache-Control": "no-store" });
  });

  // POST /api/admin/uploads?kind=file|attachment|image, the file's bytes as the body and its name in
  // X-File-Name (URI-encoded), streamed to storage, never buffered whole. The admin role is checked
  // on every request; same-origin is enforced for every write by the app's middleware.
  api.post("/api/admin/uploads", async (c) => {
    const account = await getSessionUser(c.req.raw, services);
    if (!account) throw new AppError("not_signed_in", "Please sign in as an admin to upload files.", "Please Log In");
    if (!account.isAdmin) throw new AppError("forbidden", "You don't have admin privileges.", "Access Denied");
    const query = uploadQuery.safeParse(c.req.query());
    if (!query.success) throw new AppError("invalid_request", uploadMessages.badKind, "Upload Error");
    let fileName: string;
    try {
      fileName = decodeURIComponent(c.req.header("x-file-name") ?? "");
    } catch {
      throw new AppError("invalid_request", uploadMessages.badName, "Upload Error");
    }
    const length = c.req.header("content-length");
    const stored = await storeUpload(services, {
      kind: query.data.kind,
      fileName,
      declaredLength: length && /^\d+$/.test(length) ? Number(length) : null,
      body: () => c.req.raw.body,
      uploadedBy: account.id,
    });
    return c.json(stored, 201, { "Cache-Control": "no-store" });
  });

  api.all("/api/*", () => {
    throw new AppError("not_found", "Not found", "Not found");
  });

  return api;
}

function downloadResponse(download: Download): Response {
  if (download.kind === "redirect") {
    return new Response(null, { status: 302, headers: { Location: download.url, "Cache-Control": "no-store" } });
  }
  const body = download.body ? (Readable.toWeb(download.body) as ReadableStream) : null;
  return new Response(body, { status: download.status, headers: download.headers });
}

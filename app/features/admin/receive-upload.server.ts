import { getSessionUser } from "~/features/accounts/get-session-user.server";
import type { AppServices } from "~/lib/services.server";
import { storeUpload, UploadRefused } from "./store-upload.server";
import { UPLOAD_KINDS, type UploadKind, uploadMessages } from "./upload-rules";

const refuse = (status: number, message: string, title = "Upload Error") =>
  Response.json({ error: title, message }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /api/admin/uploads?kind=file|attachment|image, the file's bytes as the body and its name in
 * X-File-Name (URI-encoded). The admin role is checked on every request; same-origin is enforced
 * for every write by the app's middleware.
 */
export async function receiveUpload(services: AppServices, request: Request): Promise<Response> {
  const account = await getSessionUser(request, services);
  if (!account) return refuse(401, "Please sign in as an admin to upload files.", "Please Log In");
  if (!account.isAdmin) return refuse(403, "You don't have admin privileges.", "Access Denied");

  const kind = new URL(request.url).searchParams.get("kind");
  if (!UPLOAD_KINDS.includes(kind as UploadKind)) return refuse(400, uploadMessages.badKind);
  let fileName: string;
  try {
    fileName = decodeURIComponent(request.headers.get("x-file-name") ?? "");
  } catch {
    return refuse(400, uploadMessages.badName);
  }
  const length = request.headers.get("content-length");

  try {
    const stored = await storeUpload(services, {
      kind: kind as UploadKind,
      fileName,
      declaredLength: length && /^\d+$/.test(length) ? Number(length) : null,
      body: request.body,
      uploadedBy: account.id,
    });
    return Response.json(stored, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadRefused) return refuse(error.status, error.message);
    throw error;
  }
}

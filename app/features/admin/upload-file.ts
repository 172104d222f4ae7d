import type { UploadKind } from "~/features/shop/model";
import { uploadMessages } from "./upload-rules";

export type UploadedFile = { id: string; kind: UploadKind; name: string; size: number; url: string | null };

export class UploadFailure extends Error {
  override name = "UploadFailure";
}

/**
 * Sends one file to the server's upload endpoint and reports progress (0 to 1) as it goes.
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/uploads?kind=${kind}`);
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (Partial<UploadedFile> & { message?: string }) | null;
      if (xhr.status === 201 && body?.id) resolve(body as UploadedFile);
      else reject(new UploadFailure(body?.message ?? uploadMessages.failed));
    };
    xhr.onerror = () => reject(new UploadFailure(uploadMessages.failed));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

import { showToast } from "~/components/ui/toast";
import { shopMessages } from "../model";

/**
 * Asks the server first (HEAD, same checks as the download) so a refusal becomes the spec's toast
 * instead of a JSON page; then lets the browser fetch the file itself.
 */
export async function startDownload(
  url: string,
  success: { title: string; description: string } = shopMessages.downloadStarted,
) {
  try {
    const res = await fetch(url, { method: "HEAD", credentials: "same-origin" });
    if (res.status === 401) return showToast({ ...shopMessages.notLoggedIn, variant: "destructive" });
    if (res.status === 403) return showToast({ ...shopMessages.purchaseRequired, variant: "destructive" });
    if (res.status === 404) return showToast({ ...shopMessages.noFile, variant: "destructive" });
    if (!res.ok && res.status !== 302) return showToast({ ...shopMessages.downloadFailed, variant: "destructive" });
    const link = document.createElement("a");
    link.href = url;
    link.download = "";
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
    showToast(success);
  } catch {
    showToast({ ...shopMessages.downloadFailed, variant: "destructive" });
  }
}

export const downloadUrl = (productId: string, attachment = 0) =>
  attachment === 0
    ? `/api/downloads/${encodeURIComponent(productId)}`
    : `/api/downloads/${encodeURIComponent(productId)}/attachments/${attachment}`;

const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * A course video plays in an iframe that the Content-Security-Policy allows only from
 * youtube-nocookie.com, so every YouTube link an admin pastes (watch, share, shorts or embed) is
 * turned into the privacy-enhanced embed address. Anything else is not a video we can play: null.
 */
export function toYouTubeEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www|m)\./, "");
  const path = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "youtu.be") id = path[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (path[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (path[0] === "embed" || path[0] === "shorts" || path[0] === "live") id = path[1];
  }
  return id && VIDEO_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

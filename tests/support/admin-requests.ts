import sharp from "sharp";

type App = { request(input: string, init?: RequestInit): Response | Promise<Response> };

const ORIGIN = "http://localhost:3000";

/** POST /api/admin/uploads as the admin page's uploader sends it (or as an attacker might). */
export function upload(
  app: App,
  cookie: string,
  kind: string,
  name: string,
  body: BodyInit | Uint8Array | null,
  headers: Record<string, string> = {},
) {
  return app.request(`${ORIGIN}/api/admin/uploads?kind=${kind}`, {
    method: "POST",
    body: body instanceof Uint8Array ? new Uint8Array(body) : body,
    headers: { cookie, origin: ORIGIN, "x-file-name": encodeURIComponent(name), ...headers },
    // A streamed body needs this in Node's fetch.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** The admin page's form post (create, update or delete), form-encoded. */
export function adminForm(app: App, cookie: string, fields: Record<string, string | string[]>, path = "/admin") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return app.request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
}

/** A real PNG of the given size. */
export function makePng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 160 } } })
    .png()
    .toBuffer();
}

/** A stream of `total` bytes that never exists in memory at once. */
export function streamOfBytes(
  total: number,
  chunkSize = 64 * 1024,
  startWith?: Uint8Array,
): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunkSize, total - sent);
      const chunk = new Uint8Array(size).fill(0x20);
      if (sent === 0 && startWith) chunk.set(startWith.subarray(0, size));
      sent += size;
      controller.enqueue(chunk);
    },
  });
}

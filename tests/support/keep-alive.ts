import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { serveOverHttp } from "./test-app";

/**
 * The app over real HTTP with one keep-alive connection, as a browser holds one: each answer says
 * whether its request went out on the connection an earlier one used (`reused`).
 */
export async function keepAliveClient(app: Parameters<typeof serveOverHttp>[0]) {
  const server = await serveOverHttp(app);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** Sends `body` (with its length) in `pieces`, `gap` ms apart: a phone on a slow line. */
  const send = (
    method: string,
    path: string,
    {
      body,
      headers = {},
      pieces = 1,
      gap = 0,
    }: { body?: Buffer | string; headers?: Record<string, string>; pieces?: number; gap?: number } = {},
  ) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const all = body === undefined ? {} : { origin: server.base, "content-length": String(Buffer.byteLength(body)) };
      const req = http.request(
        { host: "127.0.0.1", port: server.port, method, path, agent, headers: { ...all, ...headers } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        },
      );
      req.on("error", reject);
      void (async () => {
        const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
        const size = Math.ceil(bytes.length / pieces);
        for (let i = 0; i < pieces - 1; i++) {
          req.write(bytes.subarray(i * size, (i + 1) * size));
          await sleep(gap);
        }
        req.end(bytes.subarray((pieces - 1) * size));
      })();
    });
  return {
    base: server.base,
    send,
    async close() {
      agent.destroy();
      await server.close();
    },
  };
}

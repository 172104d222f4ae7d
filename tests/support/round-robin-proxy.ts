import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A reverse proxy as docs/operations.md configures Caddy for several instances: requests go to each
 * healthy upstream in turn (its /api/health checked every 200 ms, as Caddy's `health_uri` does), one
 * connection per request, and a request an upstream refused (stopped, or not yet started: nothing was
 * sent) goes to the next one, as `lb_try_duration` does.
 */
export async function startRoundRobinProxy(upstreams: () => string[]) {
  let next = 0;
  const healthy = new Map<string, boolean>();
  // One round of checks at a time: a round still waiting on a slow upstream skips the next tick.
  let checking: Promise<unknown> | null = null;
  const check = () => {
    checking ??= Promise.all(
      upstreams().map(async (upstream) => {
        try {
          const res = await fetch(`${upstream}/api/health`, { signal: AbortSignal.timeout(1000) });
          await res.arrayBuffer();
          healthy.set(upstream, res.ok);
        } catch {
          healthy.set(upstream, false);
        }
      }),
    ).finally(() => {
      checking = null;
    });
  };
  check();
  const checks = setInterval(check, 200);
  const server = http.createServer(async (req, res) => {
    const body = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
    const all = upstreams();
    const up = all.filter((upstream) => healthy.get(upstream));
    const targets = up.length > 0 ? up : all;
    for (let tried = 0; tried < targets.length * 2; tried++) {
      const target = new URL(targets[next++ % targets.length] as string);
      const answered = await new Promise<boolean>((resolve) => {
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: "close" },
            agent: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on("end", () => resolve(true));
            answer.on("error", () => {
              res.destroy();
              resolve(true);
            });
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "ECONNREFUSED") {
            resolve(false);
          } else {
            res.destroy(error);
            resolve(true);
          }
        });
        upstream.end(body);
      });
      if (answered) return;
    }
    res.writeHead(502).end("no upstream answered");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      clearInterval(checks);
      await checking;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

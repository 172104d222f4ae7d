/**
 * The practical ceiling: a bare `node:http` server that answers every request with bytes captured
 * from the real server (status line aside, the same headers and body), doing no other work.
 * Run as its own process: `node bench/serve-ceiling.ts <capture.json>`; prints `{"port": N}` when ready.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

type Capture = { headers: Record<string, string>; bodyBase64: string };

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/serve-ceiling.ts <capture.json>");
const capture = JSON.parse(readFileSync(file, "utf8")) as Capture;
const body = Buffer.from(capture.bodyBase64, "base64");
const headers = { ...capture.headers, "content-length": String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";

/** A throwaway certificate authority and a certificate for localhost, made with openssl. */
export function makeLocalCertificates() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tls-"));
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Test CA",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
  );
  run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr");
  const ext = path.join(dir, "ext.cnf");
  execFileSync("sh", ["-c", `printf 'subjectAltName=DNS:localhost\\nbasicConstraints=CA:FALSE\\n' > ${ext}`]);
  run(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    ext,
    "-out",
    "server.pem",
  );
  return {
    caFile: path.join(dir, "ca.pem"),
    key: readFileSync(path.join(dir, "server.key")),
    cert: readFileSync(path.join(dir, "server.pem")),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The app behind TLS, as a deployment behind a reverse proxy would be: HTTPS on one port, and plain
 * HTTP on another that only redirects to HTTPS.
 */
export async function startTlsFront(
  fetch: (request: Request) => Response | Promise<Response>,
  tls: { key: Buffer; cert: Buffer },
  ports: { http: number; https: number },
) {
  const secure = https.createServer(tls, getRequestListener(fetch));
  const plain = http.createServer((req, res) => {
    res.writeHead(301, { Location: `https://localhost:${ports.https}${req.url ?? "/"}` }).end();
  });
  await new Promise<void>((resolve) => secure.listen(ports.https, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => plain.listen(ports.http, "127.0.0.1", resolve));
  return {
    httpsPort: (secure.address() as AddressInfo).port,
    httpPort: (plain.address() as AddressInfo).port,
    async stop() {
      secure.closeAllConnections();
      plain.closeAllConnections();
      await new Promise((r) => secure.close(r));
      await new Promise((r) => plain.close(r));
    },
  };
}

import { chmodSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * A local control channel: while the server runs it listens on a Unix socket in the data folder
 * (mode 0600, so only the same OS user can talk to it), and the project's CLI commands run inside
 * the live process instead of opening the database a second time.
 */
export type ControlRequest = { command: string; args: string[] };
export type ControlResponse = { ok: true; output: string } | { ok: false; error: string };
export type ControlHandler = (request: ControlRequest) => Promise<string>;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}

export async function startControlServer(socketPath: string, handler: ControlHandler): Promise<net.Server | undefined> {
  // Another live instance (PostgreSQL mode, shared folder) already answers here: leave it be.
  if (await sendRaw(socketPath, { command: "ping", args: [] }).catch(() => undefined)) return undefined;
  rmSync(socketPath, { force: true });
  // With PostgreSQL and S3 nothing else creates the data folder, and the socket needs it.
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });

  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      buffer += chunk;
      if (buffer.length > 64 * 1024) socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      void respond(line).then((response) => socket.end(`${JSON.stringify(response)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });

  async function respond(line: string): Promise<ControlResponse> {
    try {
      const request = JSON.parse(line) as ControlRequest;
      if (typeof request.command !== "string" || !Array.isArray(request.args)) throw new Error("Malformed request");
      if (request.command === "ping") return { ok: true, output: "pong" };
      return { ok: true, output: await handler(request) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  chmodSync(socketPath, 0o600);
  return server;
}

function sendRaw(socketPath: string, request: ControlRequest): Promise<ControlResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk) => {
      buffer += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as ControlResponse);
      } catch (error) {
        reject(error);
      }
    });
    socket.on("error", reject);
  });
}

/**
 * Sends a command to a running server. Resolves undefined when no server listens, so the caller
 * can open the data folder itself.
 */
export async function sendControlCommand(
  socketPath: string,
  request: ControlRequest,
): Promise<ControlResponse | undefined> {
  try {
    return await sendRaw(socketPath, request);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ECONNREFUSED") return undefined;
    throw error;
  }
}

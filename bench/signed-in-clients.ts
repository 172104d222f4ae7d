import { execFileSync } from "node:child_process";
import type { RunningServer } from "./start-server.ts";

/**
 * A verified account made with the operator command (`user:create`, through the live server's control
 * socket) and signed in through the real sign-in form, as a browser without JavaScript would.
 */
export async function createSignedInUser(
  server: RunningServer,
  appDir: string,
  email: string,
): Promise<{ id: string; email: string; cookie: string }> {
  const password = "Bench-Password-42";
  const output = execFileSync(
    process.execPath,
    ["build/server/cli.js", "user:create", email, password, "Bench", "Buyer"],
    {
      cwd: appDir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...server.env },
      encoding: "utf8",
    },
  );
  const id = /\(([^)]+)\)\.\s*$/.exec(output.trim())?.[1];
  if (!id) throw new Error(`user:create said: ${output}`);
  const res = await fetch(`${server.origin}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email, password }),
    headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`signing in answered ${res.status}`);
  return { id, email, cookie };
}

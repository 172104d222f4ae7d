import { execFileSync } from "node:child_process";
import autocannon from "autocannon";
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
  if (res.status !== 302) throw new Error(`signing in answered ${res.status}`);
  // Then the page it sends her to, as a browser follows it: that page shows the sign-in's toast and
  // clears its flash cookie. Kept, the flash would be read (its signature checked) on every request.
  const jar = applySetCookies(new Map(), res.headers.getSetCookie());
  const landing = await fetch(new URL(res.headers.get("location") ?? "/", server.origin), {
    headers: { cookie: cookieHeader(jar) },
    redirect: "manual",
  });
  await landing.arrayBuffer();
  const cookie = cookieHeader(applySetCookies(jar, landing.headers.getSetCookie()));
  if (!cookie.includes("session_token")) throw new Error("signing in set no session cookie");
  return { id, email, cookie };
}

/** A browser's cookie jar, by name: each Set-Cookie sets its value, or removes it when it has expired. */
function applySetCookies(jar: Map<string, string>, lines: string[]): Map<string, string> {
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split(";");
    const name = pair.slice(0, pair.indexOf("=")).trim();
    const expired = attributes.some((a) => {
      const [key = "", value = ""] = a.trim().split("=");
      return (
        (key.toLowerCase() === "max-age" && Number(value) <= 0) ||
        (key.toLowerCase() === "expires" && Date.parse(value) <= Date.now())
      );
    });
    if (expired) jar.delete(name);
    else jar.set(name, pair.trim());
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar.values()].join("; ");

/** `--name=value` from the command line, or `fallback`. */
export const benchArg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

/** The pages a signed-in client goes round: the shop, a guide, her purchases and sessions, booking. */
export const SIGNED_IN_PAGES = [
  "/products",
  "/product/chakra-balance-guide",
  "/my-purchases",
  "/my-sessions",
  "/book/one-on-one",
];

/**
 * `count` clients' session cookies, each her own account, made one at a time: the sign-in form's limits
 * and the reused connections of a parallel burst ("other side closed") are not what the benches measure.
 */
export async function createSignedInCookies(server: RunningServer, appDir: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    cookies.push((await createSignedInUser(server, appDir, `bench-${i}-${Date.now()}@example.com`)).cookie);
  }
  return cookies;
}

/** `cookies.length` clients at once on `origin`, each on her own connection with her own cookie. */
export function browseSignedIn(origin: string, cookies: readonly string[], duration: number) {
  let next = 0;
  return autocannon({
    url: origin,
    connections: cookies.length,
    duration,
    requests: SIGNED_IN_PAGES.map((page) => ({ method: "GET", path: page })),
    // Each client its own request objects: autocannon's `setHeaders` changes only the current request,
    // and the `requests` given above are shared by every client (so all but the first page went
    // without a cookie, and the first with the last client's).
    setupClient: (client) => {
      const headers = { cookie: cookies[next++ % cookies.length] as string, "accept-encoding": "br" };
      client.setRequests(SIGNED_IN_PAGES.map((page) => ({ method: "GET", path: page, headers })));
    },
  });
}

/**
 * The small server (issue 12, decision 027): the production build started inside a 512 MiB memory
 * cgroup on an empty data folder, driven with mixed traffic (anonymous and signed-in pages, sign-ins,
 * free claims and downloads, demo checkouts, admin image uploads), then restarted in the same group.
 * Reports the group's peak usage, how often it reached its limit, OOM kills and errors. Skips, saying
 * why, where there is no memory cgroup to make (not Linux, not root).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import sharp from "sharp";
import { createMemoryCgroup, residentMb } from "../scripts/memory-cgroup.ts";
import { createSignedInUser } from "./signed-in-clients.ts";
import { startServer } from "./start-server.ts";

export type MemoryLimitResult =
  | { skipped: string }
  | {
      limitMb: number;
      cgroupVersion: 1 | 2;
      seconds: number;
      firstStartMs: number;
      idleAfterFirstStartMb: number | null;
      rssAfterLoadMb: number | null;
      idleAfterRestartMb: number | null;
      peakMb: number | null;
      limitHits: number | null;
      oomKills: number;
      requests: Record<string, number>;
      errors: number;
      errorSamples: string[];
    };

const PAGES = ["/", "/products", "/product/chakra-balance-guide", "/about", "/zyto", "/media-events", "/terms"];

export async function measureMemoryLimit(options: {
  appDir: string;
  workDir: string;
  seconds: number;
  log: (line: string) => void;
  /** The group's limit; 512 MiB unless told (bench/memory-limited-run.ts tries others). */
  limitMb?: number;
  /** Extra settings for the server (DATABASE_URL and AUTH_SECRET for a run on PostgreSQL). */
  env?: Record<string, string>;
}): Promise<MemoryLimitResult> {
  const limitMb = options.limitMb ?? 512;
  const limitBytes = limitMb * 1024 * 1024;
  const group = createMemoryCgroup(`sacred-bench-${process.pid}`, limitBytes);
  if (typeof group === "string") {
    options.log(`  memory-limited run skipped: ${group}`);
    return { skipped: group };
  }
  const dataDir = path.join(options.workDir, "data-small");
  const logFile = path.join(options.workDir, "server-small.log");
  const env = {
    AUTH_SIGNIN_MAX_PER_IP: "1000000",
    AUTH_SIGNIN_MAX_PER_ACCOUNT: "1000000",
    AUTH_SIGNIN_MAX_PER_ACCOUNT_ALL_CLIENTS: "1000000",
    ...options.env,
  };
  const requests: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  try {
    const startedAt = performance.now();
    let server = await startServer({ appDir: options.appDir, dataDir, logFile, env, cgroupDir: group.dir });
    const firstStartMs = Math.round(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleAfterFirstStartMb = residentMb(server.pid);
    const user = await createSignedInUser(server, options.appDir, "small-customer@example.com");
    execFileSync(process.execPath, ["build/server/cli.js", "admin", "add", user.email], {
      cwd: options.appDir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...server.env },
    });
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#6b4f8a" } })
      .png()
      .toBuffer();
    const origin = server.origin;
    const json = { origin, "content-type": "application/json", cookie: user.cookie };
    const steps: Record<string, () => Promise<Response>> = {
      page: () => fetch(`${origin}${PAGES[Math.floor(Math.random() * PAGES.length)]}`),
      "signed-in page": () => fetch(`${origin}/my-purchases`, { headers: { cookie: user.cookie } }),
      "sign-in": () =>
        fetch(`${origin}/auth`, {
          method: "POST",
          body: new URLSearchParams({ intent: "signin", email: user.email, password: "Bench-Password-42" }),
          headers: { origin, "content-type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        }),
      "free claim and download": async () => {
        await (
          await fetch(`${origin}/claim-free`, {
            method: "POST",
            body: JSON.stringify({ productId: "grounding-basics" }),
            headers: json,
          })
        ).arrayBuffer();
        return fetch(`${origin}/api/downloads/grounding-basics`, { headers: { cookie: user.cookie } });
      },
      checkout: () =>
        fetch(`${origin}/checkout`, {
          method: "POST",
          body: JSON.stringify({
            products: [
              {
                id: "moon-ritual-journal",
                title: "Moon Ritual Journal",
                price_cents: 799,
                product_type: "digital_guide",
                quantity: 1,
              },
            ],
            consent: true,
          }),
          headers: json,
        }),
      "admin upload": () =>
        fetch(`${origin}/api/admin/uploads?kind=image`, {
          method: "POST",
          body: new Uint8Array(png),
          headers: { origin, cookie: user.cookie, "x-file-name": "cover.png" },
        }),
    };
    // Mostly pages, as a site's traffic is; a write or two of every other kind in each round.
    const mix = [
      ...Array<string>(12).fill("page"),
      ...Array<string>(3).fill("signed-in page"),
      "sign-in",
      "free claim and download",
      "checkout",
      "admin upload",
    ];
    const deadline = Date.now() + options.seconds * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; Date.now() < deadline; i++) {
          const kind = mix[i % mix.length] as string;
          requests[kind] = (requests[kind] ?? 0) + 1;
          try {
            const res = await (steps[kind] as () => Promise<Response>)();
            await res.arrayBuffer();
            if (res.status >= 500) throw new Error(`${kind} answered ${res.status}`);
          } catch (error) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(String(error));
          }
        }
      }),
    );
    const rssAfterLoadMb = residentMb(server.pid);
    await server.stop();
    server = await startServer({ appDir: options.appDir, dataDir, logFile, env, cgroupDir: group.dir });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleAfterRestartMb = residentMb(server.pid);
    for (const page of PAGES) {
      const res = await fetch(`${server.origin}${page}`);
      await res.arrayBuffer();
      if (res.status >= 500) errors++;
    }
    await server.stop();
    const usage = group.usage();
    const result = {
      limitMb,
      cgroupVersion: group.version,
      seconds: options.seconds,
      firstStartMs,
      idleAfterFirstStartMb,
      rssAfterLoadMb,
      idleAfterRestartMb,
      peakMb: usage.peakBytes === null ? null : Math.round(usage.peakBytes / 1024 / 1024),
      limitHits: usage.limitHits,
      oomKills: usage.oomKills,
      requests,
      errors,
      errorSamples,
    };
    options.log(
      `  ${limitMb} MiB: peak ${result.peakMb} MB, limit reached ${result.limitHits}×, OOM kills ${result.oomKills}, errors ${errors}; RSS idle ${idleAfterFirstStartMb} MB after the first start, ${rssAfterLoadMb} MB after the load, ${idleAfterRestartMb} MB after a restart`,
    );
    return result;
  } finally {
    try {
      group.remove();
    } catch {
      // A process still in it (a crash): left for the operator; the next run uses another name.
    }
  }
}

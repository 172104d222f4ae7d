/**
 * Page quality: Lighthouse's CLI with its default settings (mobile, simulated throttling) against the
 * running production server, several runs per page, the median of each figure reported.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { median } from "./statistics.ts";

/** No internet here: background networking, component updates and sync would only stall or time out. */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");
export const CHROME_PATH = "/usr/bin/chromium";

export type PageRun = {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
  /** Audits that cost points (score below 1, weight above 0), per category, for the report. */
  failing: string[];
};

export type PageResult = Omit<PageRun, "failing"> & {
  path: string;
  runs: PageRun[];
  failing: string[];
  command: string;
};

type LighthouseReport = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      displayValue?: string;
      details?: { items?: { resourceType?: string; transferSize?: number; requestCount?: number }[] };
    }
  >;
};

export async function measurePages(options: {
  repo: string;
  origin: string;
  paths: string[];
  runs: number;
  outDir: string;
  log: (line: string) => void;
}): Promise<PageResult[]> {
  const cli = path.join(options.repo, "node_modules/lighthouse/cli/index.js");
  mkdirSync(options.outDir, { recursive: true });
  const results: PageResult[] = [];
  for (const pagePath of options.paths) {
    const runs: PageRun[] = [];
    let command = "";
    for (let i = 1; i <= options.runs; i++) {
      const file = path.join(options.outDir, `${pagePath.replace(/^\//, "").replace(/\W+/g, "_") || "home"}-${i}.json`);
      const args = [
        `${options.origin}${pagePath}`,
        "--output=json",
        `--output-path=${file}`,
        "--quiet",
        `--chrome-flags=${CHROME_FLAGS}`,
      ];
      command = `CHROME_PATH=${CHROME_PATH} lighthouse ${args.map((a) => (a.includes(" ") ? JSON.stringify(a) : a)).join(" ")}`;
      // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try again.
      for (let attempt = 1; ; attempt++) {
        try {
          await runLighthouse(cli, args);
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          options.log(`  ${pagePath} run ${i}: ${(error as Error).message.split("\n")[0]}; trying again`);
        }
      }
      const run = readRun(JSON.parse(readFileSync(file, "utf8")) as LighthouseReport);
      options.log(
        `  ${pagePath} run ${i}: perf ${run.scores.performance} a11y ${run.scores.accessibility} bp ${run.scores.bestPractices} seo ${run.scores.seo}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, JS ${run.scriptBytes} B`,
      );
      runs.push(run);
    }
    results.push({
      path: pagePath,
      scores: {
        performance: median(runs.map((r) => r.scores.performance)),
        accessibility: median(runs.map((r) => r.scores.accessibility)),
        bestPractices: median(runs.map((r) => r.scores.bestPractices)),
        seo: median(runs.map((r) => r.scores.seo)),
      },
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      scriptBytes: median(runs.map((r) => r.scriptBytes)),
      totalBytes: median(runs.map((r) => r.totalBytes)),
      requests: median(runs.map((r) => r.requests)),
      failing: [...new Set(runs.flatMap((r) => r.failing))].sort(),
      runs,
      command: command.replace(/--output-path=\S+/, "--output-path=<file>"),
    });
  }
  return results;
}

function runLighthouse(cli: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, CHROME_PATH },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

function readRun(report: LighthouseReport): PageRun {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const summary = report.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failing = ["performance", "accessibility", "best-practices", "seo"].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ ref, audit: report.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
      .map(({ ref, audit }) => `${category}: ${ref.id}${audit?.displayValue ? ` (${audit.displayValue})` : ""}`),
  );
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    scriptBytes: bytes("script"),
    totalBytes: bytes("total"),
    requests: summary.find((item) => item.resourceType === "total")?.requestCount ?? 0,
    failing,
  };
}

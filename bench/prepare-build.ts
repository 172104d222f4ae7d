/**
 * The production build the benchmarks run, made in a folder of its own: other people (and test runs)
 * rebuild ./build while a benchmark runs, which would swap the hashed assets under a running server.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

export type PreparedBuild = {
  /** Where `build/`, `drizzle/` and a `node_modules` link sit; the server runs with this as its cwd. */
  appDir: string;
  commit: string;
  /** What was built: the working tree (with its uncommitted changes) or the last commit. */
  source: "working tree" | "HEAD";
  /** Paths with uncommitted changes when the working tree was built. */
  uncommitted: string[];
  buildSeconds: number;
};

const git = (repo: string, args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });

/** Copies the sources (what git sees: tracked and untracked, not ignored) or `git archive HEAD`, then builds. */
export function prepareBuild(repo: string, workDir: string, fromCommit: boolean): PreparedBuild {
  const appDir = path.join(workDir, "app");
  mkdirSync(appDir, { recursive: true });
  const commit = git(repo, ["rev-parse", "HEAD"]).trim();
  const uncommitted = git(repo, ["status", "--porcelain"])
    .split("\n")
    .filter(Boolean)
    .map((line) => line.slice(3));
  if (fromCommit) {
    execFileSync("sh", ["-c", `git archive HEAD | tar -x -C ${JSON.stringify(appDir)}`], { cwd: repo });
  } else {
    const files = git(repo, ["ls-files", "--cached", "--others", "--exclude-standard", "-z"]).split("\0");
    for (const file of files.filter(Boolean)) {
      const to = path.join(appDir, file);
      mkdirSync(path.dirname(to), { recursive: true });
      try {
        copyFileSync(path.join(repo, file), to);
      } catch (error) {
        // A file deleted since `git ls-files` ran (someone else is editing) is simply not part of the build.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  symlinkSync(path.join(repo, "node_modules"), path.join(appDir, "node_modules"));
  const started = performance.now();
  const result = spawnSync("npm", ["run", "build"], { cwd: appDir, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  return {
    appDir,
    commit,
    source: fromCommit ? "HEAD" : "working tree",
    uncommitted: fromCommit ? [] : uncommitted,
    buildSeconds: (performance.now() - started) / 1000,
  };
}

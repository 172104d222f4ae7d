import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The import rule `npm test` lints with (biome.json's overrides, decision 040): features keep to
 * each other's public contracts. Each case lints a small module placed at that path in a copy of the
 * project's configuration (never in the source tree, where the other stages read).
 */
const biome = path.resolve("node_modules/.bin/biome");
const root = mkdtempSync(path.join(os.tmpdir(), "imports-"));
copyFileSync("biome.json", path.join(root, "biome.json"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function lint(file: string, from: string) {
  const at = path.join(root, file);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, `import * as probe from "${from}";\nexport const x = probe;\n`);
  const run = spawnSync(biome, ["lint", "--vcs-enabled=false", file], { cwd: root, encoding: "utf8" });
  rmSync(at);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe("the import rule", () => {
  it("refuses the shop core importing booking", () => {
    const result = lint("app/features/shop/probe.server.ts", "~/features/booking/booking-line-kind.server");
    expect(result.ok).toBe(false);
    expect(result.output).toContain("The shop imports no other feature");
  });

  it("refuses booking importing the shop's internals, and allows its contract", () => {
    const internal = lint("app/features/booking/probe.server.ts", "~/features/shop/settle-refund.server");
    expect(internal.ok).toBe(false);
    expect(internal.output).toContain("public contract");
    expect(lint("app/features/booking/probe.server.ts", "~/features/shop/line-kinds.server").ok).toBe(true);
  });

  it("refuses another feature importing booking, and a building block importing a feature", () => {
    expect(lint("app/features/events/probe.ts", "~/features/booking/booking-model").ok).toBe(false);
    expect(lint("app/features/events/probe.ts", "~/features/shop/settle-refund.server").ok).toBe(false);
    expect(lint("app/features/events/probe.ts", "~/features/shop/model").ok).toBe(true);
    expect(lint("app/lib/probe.ts", "~/features/booking/booking-model").ok).toBe(false);
    expect(lint("app/components/ui/probe.tsx", "~/features/site-settings/use-site").ok).toBe(false);
  });
});

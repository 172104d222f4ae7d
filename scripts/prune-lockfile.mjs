// Keeps `npm ci` working with the registry this project is built against, which lacks other
// platforms' prebuilt binaries (e.g. @biomejs/cli-darwin-arm64 at our Biome version). npm records
// such optional dependencies in package-lock.json without an entry of their own, and `npm ci` then
// refuses the lock file as out of sync. This drops the optional dependencies that have no entry.
// Run after `npm install` changes the lock file: `node scripts/prune-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const present = new Set(Object.keys(lock.packages));
let removed = 0;

for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    // Resolution looks in the package's own node_modules, then up the tree to the root.
    const candidates = [];
    let base = location;
    while (true) {
      candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
      if (!base) break;
      const cut = base.lastIndexOf("/node_modules/");
      base = cut === -1 ? "" : base.slice(0, cut);
    }
    if (!candidates.some((c) => present.has(c))) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: removed ${removed} optional dependencies this registry cannot provide`);

/**
 * After `react-router build`: an empty, initialised PGlite data folder as a gzipped tarball beside the
 * server bundle (build/server/pglite-template.tar.gz). A first start on an empty DATA_DIR unpacks it
 * instead of running initdb inside the server, which needs two more PostgreSQL instances in memory at
 * once and peaked above 512 MiB (decision 027). Made with the installed PGlite, so it always matches it.
 * Runs on Node 24's type stripping.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";

setFlagsFromString("--no-wasm-tier-up");
setFlagsFromString("--no-wasm-dynamic-tiering");
const target = path.resolve(process.env.BUILD_DIR || "build", "server", "pglite-template.tar.gz");
const database = await PGlite.create();
try {
  const tarball = await database.dumpDataDir("gzip");
  writeFileSync(target, Buffer.from(await tarball.arrayBuffer()));
  console.log(
    `Database template: ${(tarball.size / 1024 / 1024).toFixed(1)} MB in ${path.relative(process.cwd(), target)}.`,
  );
} finally {
  await database.close();
}

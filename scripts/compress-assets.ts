/**
 * After `react-router build`: a brotli (.br) and a gzip (.gz) copy of every hashed script and
 * stylesheet, made once at the best settings, for the static server to send to browsers that take
 * them (brotli is about 12 % smaller than the gzip the server would make on the fly).
 * Runs on Node 24's type stripping: Node built-ins only.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = path.resolve(process.env.BUILD_DIR || "build", "client", "assets");
let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += br.length;
}
console.log(`Compressed assets: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB with brotli.`);

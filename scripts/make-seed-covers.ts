/**
 * After `react-router build`: the demo catalogue's covers as WebP beside the server bundle
 * (build/server/seed-covers/<id>.webp). The seed on a first start copies them rather than drawing
 * them with sharp, which would stay loaded in a server that may never make another image: about
 * 45 MB of resident memory (decision 037). Runs on Node 24's type stripping.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { demoCatalogue } from "../app/features/shop/demo-catalogue.ts";
import { makeCoverWebp, seedCoverFileName } from "../app/features/shop/demo-files.server.ts";

const target = path.resolve(process.env.BUILD_DIR || "build", "server", "seed-covers");
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
let bytes = 0;
for (const product of demoCatalogue) {
  const cover = await makeCoverWebp(sharp, product.title, product.hue);
  writeFileSync(path.join(target, seedCoverFileName(product.id)), cover);
  bytes += cover.length;
}
console.log(
  `Seed covers: ${demoCatalogue.length} in ${path.relative(process.cwd(), target)} (${Math.round(bytes / 1024)} KB).`,
);

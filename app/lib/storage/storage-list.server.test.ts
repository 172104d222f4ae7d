import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3 } from "../../../tests/support/local-s3";
import { createLocalStorage } from "./local-storage.server";
import { createS3Client, createS3Storage } from "./s3-storage.server";
import type { Storage } from "./storage.server";

let s3: Awaited<ReturnType<typeof startLocalS3>>;
const folder = mkdtempSync(path.join(os.tmpdir(), "storage-list-"));
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(folder, { recursive: true, force: true });
});

const stores: Array<[string, () => Storage]> = [
  ["local disk", () => createLocalStorage(path.join(folder, `root-${Math.random().toString(36).slice(2)}`))],
  [
    "S3",
    () => {
      const options = {
        endpoint: s3.endpoint,
        region: "us-east-1",
        bucket: s3.bucket,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      };
      return createS3Storage(createS3Client(options), s3.bucket, `t${Math.random().toString(36).slice(2)}/`);
    },
  ],
];

async function keys(store: Storage, prefix?: string) {
  const found: string[] = [];
  for await (const key of store.list(prefix)) found.push(key);
  return found.sort();
}

describe.each(stores)("listing keys on %s", (_name, makeStore) => {
  it("lists nothing in an empty store, every key in nested folders, and one folder on request", async () => {
    const store = makeStore();
    expect(await keys(store)).toEqual([]);
    await store.put("pdfs/a.pdf", Buffer.from("a"), "application/pdf");
    await store.put("pdfs/deep/b.pdf", Buffer.from("b"), "application/pdf");
    await store.put("covers/c.webp", Buffer.from("c"), "image/webp");
    expect(await keys(store)).toEqual(["covers/c.webp", "pdfs/a.pdf", "pdfs/deep/b.pdf"]);
    expect(await keys(store, "pdfs/")).toEqual(["pdfs/a.pdf", "pdfs/deep/b.pdf"]);
    expect(await keys(store, "audios/")).toEqual([]);
    await store.delete("pdfs/a.pdf");
    expect(await keys(store)).toEqual(["covers/c.webp", "pdfs/deep/b.pdf"]);
  });

  it("refuses a prefix that could leave the store", async () => {
    await expect(keys(makeStore(), "../")).rejects.toThrow("Unsafe storage prefix");
  });
});

describe("listing keys on local disk", () => {
  it("skips writes still in progress and names put could never have written", async () => {
    const root = path.join(folder, "skips");
    const store = createLocalStorage(root);
    await store.put("pdfs/kept.pdf", Buffer.from("x"), "application/pdf");
    writeFileSync(path.join(root, "pdfs", "kept.pdf.0f8fad5b-d9cb-469f-a165-70867728950e.partial"), "half");
    writeFileSync(path.join(root, "pdfs", ".DS_Store"), "junk");
    expect(await keys(store)).toEqual(["pdfs/kept.pdf"]);
  });
});

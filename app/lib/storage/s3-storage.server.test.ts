import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3 } from "../../../tests/support/local-s3";
import { createS3Client, createS3Storage } from "./s3-storage.server";

let s3: Awaited<ReturnType<typeof startLocalS3>>;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.stop());

const storage = () =>
  createS3Storage(
    createS3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      bucket: s3.bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    }),
    s3.bucket,
    "files/",
  );

describe("S3-compatible storage", () => {
  it("stores buffers and streams, reads whole and by range, and deletes", async () => {
    const store = storage();
    await store.put("pdfs/a.pdf", Buffer.from("0123456789"), "application/pdf");
    expect((await store.stat("pdfs/a.pdf"))?.size).toBe(10);
    expect(await text(await store.read("pdfs/a.pdf"))).toBe("0123456789");
    expect(await text(await store.read("pdfs/a.pdf", { start: 2, end: 4 }))).toBe("234");

    await store.put("audios/b.wav", Readable.from([Buffer.from("abc"), Buffer.from("def")]), "audio/wav");
    expect(await text(await store.read("audios/b.wav"))).toBe("abcdef");

    await store.delete("pdfs/a.pdf");
    expect(await store.stat("pdfs/a.pdf")).toBeUndefined();
  });

  it("gives short-lived signed URLs that carry the download name", async () => {
    const store = storage();
    await store.put("pdfs/guide.pdf", Buffer.from("%PDF-1.4 demo"), "application/pdf");
    const url = await store.signedUrl?.("pdfs/guide.pdf", {
      contentDisposition: 'attachment; filename="guide.pdf"',
      contentType: "application/pdf",
      expiresIn: 60,
    });
    expect(url).toContain("X-Amz-Expires=60");
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("%PDF-1.4 demo");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="guide.pdf"');
  });

  it("refuses keys that could leave the prefix", async () => {
    await expect(storage().put("../escape", Buffer.from("x"), "text/plain")).rejects.toThrow("Unsafe storage key");
  });
});

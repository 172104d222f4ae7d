import { createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
// s3rver has no type declarations of its own.
// @ts-expect-error untyped module
import S3rver from "s3rver";

// s3rver 3.7 answers a PUT once the body has passed through its checksum, before the file it writes
// has finished (and for a whole buffer, at once): a HEAD straight after it (our store's check that
// an upload persisted) could find 0 bytes, which real S3 never returns. Its store is given a
// putObject that answers once the file is written, as S3's acknowledgement means.
// @ts-expect-error untyped module
import FilesystemStore from "s3rver/lib/stores/filesystem.js";

type StoredObject = { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata: unknown };
type Store = {
  getResourcePath(bucket: string, key: string, kind: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
};
FilesystemStore.prototype.putObject = async function putObject(this: Store, object: StoredObject) {
  const objectPath = this.getResourcePath(object.bucket, object.key, "object");
  await mkdir(path.dirname(objectPath), { recursive: true });
  const md5 = createHash("md5");
  let size = 0;
  const body = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  await pipeline(
    body,
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    }),
    createWriteStream(objectPath),
  );
  const digest = md5.digest("hex");
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};

/** A local S3-compatible server (s3rver) with one empty bucket, on a free loopback port. */
export async function startLocalS3(bucket = "sacred-test") {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

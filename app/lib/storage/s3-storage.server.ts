import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertSafeKey,
  assertSafePrefix,
  type ByteRange,
  isSafeKey,
  type Storage,
  type StoredObject,
} from "./storage.server";

export type S3Options = {
  /** An S3-compatible endpoint (MinIO, R2, …); AWS itself when omitted. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export function createS3Client(options: S3Options): S3Client {
  return new S3Client({
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all understand the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** The origin browsers fetch signed URLs from (for the Content-Security-Policy). */
export function s3PublicOrigin(options: S3Options): string {
  return options.endpoint
    ? new URL(options.endpoint).origin
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

/**
 * Objects in one bucket under a prefix (`files/` for private product files, `images/` for public
 * images). The bucket stays private: browsers only ever get short-lived signed URLs.
 */
export function createS3Storage(client: S3Client, bucket: string, prefix: string): Storage {
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };

  return {
    async put(key, body, contentType) {
      const Key = keyOf(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: body, ContentType: contentType }));
      } else {
        // Multipart for streams of unknown length; parts are aborted on failure, so no half object remains.
        await new Upload({ client, params: { Bucket: bucket, Key, Body: body, ContentType: contentType } }).done();
      }
      const info = await this.stat(key);
      if (!info) throw new Error(`Upload of ${key} did not persist`);
      return info;
    },
    async stat(key): Promise<StoredObject | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === "NotFound") return undefined;
        throw error;
      }
    },
    async read(key: string, range?: ByteRange) {
      const result = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return result.Body as Readable;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async *list(folder = "") {
      assertSafePrefix(folder);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${folder}`, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          // The bucket may hold objects someone put there by hand; only keys `put` could write are ours.
          if (key && isSafeKey(key)) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async signedUrl(key, { contentDisposition, contentType, expiresIn }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          ResponseContentDisposition: contentDisposition,
          ResponseContentType: contentType,
        }),
        { expiresIn },
      );
    },
  };
}

import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, StorageNotFoundError, type Storage } from './storage.ts';

/** Where an S3-compatible bucket is and how to reach it (AWS, MinIO, Ceph, R2, s3rver…). */
export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Omit for AWS; the base URL of any other S3-compatible service. */
  endpoint?: string | undefined;
  /** MinIO, s3rver and most self-hosted stores need path-style URLs. */
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's default chain (env, profile, instance role) applies. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Prepended to every key, so several installs can share one bucket. */
  prefix?: string | undefined;
};

const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
  );
}

/**
 * Files as objects in one bucket. S3 writes are atomic per object, so a failed put leaves
 * nothing; a streamed put is a multipart upload that is aborted when the source fails.
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = options.bucket;
  const objectKey = (key: string): string => {
    assertSafeKey(key);
    return `${options.prefix ?? ''}${key}`;
  };

  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      throw isMissing(error) ? new StorageNotFoundError(key) : error;
    }
  };

  return {
    client,
    put: async (key, bytes) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
    },
    putStream: async (key, source) => {
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      source.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: source.pipe(counter) },
        partSize: MULTIPART_PART_BYTES,
        queueSize: 2,
        // A failed upload aborts its multipart upload: no parts are left behind to pay for.
        leavePartsOnError: false,
      });
      await upload.done();
      return size;
    },
    read: async (key) => {
      const object = await get(key);
      const body = object.Body;
      if (!body) {
        throw new StorageNotFoundError(key);
      }
      return Buffer.from(await body.transformToByteArray());
    },
    openStream: async (key) => {
      const object = await get(key);
      if (!(object.Body instanceof Readable)) {
        throw new StorageNotFoundError(key);
      }
      return { stream: object.Body, size: object.ContentLength ?? 0 };
    },
    remove: async (key) => {
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    modifiedAt: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.LastModified?.getTime() ?? 0;
      } catch (error) {
        // HEAD has no body, so a missing key is a bare 404 rather than NoSuchKey.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return undefined;
        }
        throw error;
      }
    },
    list: async function* (folder) {
      const prefix = options.prefix ?? '';
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${folder}`, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) {
            yield object.Key.slice(prefix.length);
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

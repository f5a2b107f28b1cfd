import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from './app-error.ts';
import {
  assertStorageKey,
  MissingFileError,
  STORAGE_KEY,
  type Storage,
  storeUnavailable,
} from './storage.ts';

export type S3Settings = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Files past this size go up in parts (lib-storage), several at a time; smaller ones in one request. */
export const MULTIPART_FROM_BYTES = 8 * 1024 * 1024;

type S3Failure = { name?: string; $metadata?: { httpStatusCode?: number } };

const isMissing = (err: unknown) => {
  const failure = err as S3Failure;
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
};

/**
 * The store did not answer, or answered that it cannot now (5xx, 429, a timeout, a refused connection): a
 * 503 with Retry-After. Any other refusal (wrong keys, no such bucket) is a configuration fault, left as it
 * is (a 500, logged).
 */
const failureOf = (err: unknown) => {
  const status = (err as S3Failure).$metadata?.httpStatusCode;
  if (status === undefined || status >= 500 || status === 429) return storeUnavailable(err);
  return err;
};

export function s3Client(settings: S3Settings) {
  return new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A store that is down must fail an upload in seconds (503, the phone sends again), not hold it.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

/**
 * An S3-compatible bucket (AWS S3, R2, B2, MinIO, Ceph, Swift). An object's key is the app's key as it is;
 * nothing is made public: the app serves every file itself after checking the reader's rights (decision 026).
 * `put` resolves once the store answered the write with success, which S3 gives only for a durable object.
 */
export function s3Storage(settings: S3Settings, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const attempt = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      throw failureOf(err);
    }
  };
  return {
    kind: 's3',
    async put(key, data) {
      assertStorageKey(key);
      await attempt(async () => {
        if (data.length < MULTIPART_FROM_BYTES) {
          await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }),
          );
          return;
        }
        const upload = new Upload({
          client,
          params: { Bucket, Key: key, Body: data },
          partSize: MULTIPART_FROM_BYTES,
          queueSize: 4,
          leavePartsOnError: false,
        });
        await upload.done();
      });
    },
    async stream(key, range) {
      assertStorageKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new AppError(404, 'notFound');
        throw failureOf(err);
      }
    },
    async read(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(
          await (answer.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(),
        );
      } catch (err) {
        if (isMissing(err)) throw new MissingFileError(key);
        throw failureOf(err);
      }
    },
    async size(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return answer.ContentLength;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw failureOf(err);
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await attempt(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await attempt(() =>
          client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key && STORAGE_KEY.test(item.Key)) yield { key: item.Key, size: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await attempt(() => client.send(new HeadBucketCommand({ Bucket })));
    },
  };
}

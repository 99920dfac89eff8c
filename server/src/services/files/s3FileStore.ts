import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import { assertFileKey, type FileStore, type StoredFile } from '../../ports/fileStore';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Garage…) through AWS's own client.
 * Checksums are sent and checked only where the protocol requires them: the SDK's newer default
 * (a CRC32 on every upload) is refused by several S3-compatible servers.
 */
export function createS3FileStore(s3: S3Settings): FileStore & { close(): void } {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request instead of holding it (and its upload) open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const Bucket = s3.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertFileKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key): Promise<StoredFile | undefined> {
      assertFileKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from(await res.Body!.transformToByteArray());
        return { bytes, contentType: res.ContentType ?? 'application/octet-stream', size: bytes.length, createdAt: res.LastModified ?? new Date(0) };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      client.destroy();
    },
  };
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

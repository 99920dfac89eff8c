import type { Config } from '../../config';
import type { Db } from '../../db';
import type { FileStore } from '../../ports/fileStore';
import { createPostgresFileStore } from './postgresFileStore';
import { createS3FileStore } from './s3FileStore';

/** The bucket when S3_BUCKET is set, the shared database otherwise. */
export function createFileStore(config: Config, db: Db): FileStore & { close(): void } {
  if (config.s3) return createS3FileStore(config.s3);
  return { ...createPostgresFileStore(db), close: () => undefined };
}

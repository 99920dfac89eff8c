/** A stored file as a reader gets it back. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  size: number;
  /** When it was written (last written, for a key written again). */
  createdAt: Date;
}

/**
 * Where uploaded files live (avatars today; question images and proctoring evidence next): a
 * place every node reads, never a node's own disk, so a file uploaded through one node is served
 * by any other and survives a replaced container. PostgreSQL by default, an S3-compatible bucket
 * when one is configured. Keys are paths such as `avatars/<name>.webp`; what is public is decided
 * by whoever serves them, not here.
 */
export interface FileStore {
  readonly kind: 'postgres' | 's3';
  /** Writes the file under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under `key`. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/** Lower-case folders and names of letters, digits, `.`, `_` and `-`; no empty part, no `..`. */
const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/;

/** Throws on a key no caller of ours should ever build, so a slip never reaches a bucket or a table. */
export function assertFileKey(key: string): void {
  if (key.length > 255 || !KEY.test(key) || key.split('/').some((part) => part.includes('..'))) {
    throw new Error(`invalid file key: ${JSON.stringify(key)}`);
  }
}

import type { Db } from '../../db';
import { assertFileKey, type FileStore, type StoredFile } from '../../ports/fileStore';

interface FileRow {
  content_type: string;
  bytes: Uint8Array;
  size: number;
  created_at: Date | string;
}

/** Files in the `files` table of the database every node already shares (PostgreSQL or PGlite). */
export function createPostgresFileStore(db: Db): FileStore {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType) {
      assertFileKey(key);
      await db('files')
        .insert({ key, content_type: contentType, bytes, size: bytes.length })
        .onConflict('key')
        .merge({ content_type: contentType, bytes, size: bytes.length, created_at: db.fn.now() });
    },
    async get(key): Promise<StoredFile | undefined> {
      assertFileKey(key);
      const row = (await db('files').where({ key }).first('content_type', 'bytes', 'size', 'created_at')) as FileRow | undefined;
      if (!row) return undefined;
      // pg hands back a Buffer, PGlite a Uint8Array: the same bytes, without a copy.
      const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return { bytes, contentType: row.content_type, size: row.size, createdAt: new Date(row.created_at) };
    },
    async delete(key) {
      assertFileKey(key);
      await db('files').where({ key }).del();
    },
  };
}

import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger';
import type { FileStore } from '../../ports/fileStore';
import { AVATAR_NAME } from '../avatars';

/**
 * Moves the avatars an older release wrote to this node's disk (DATA_DIR/uploads/avatars) into
 * the file store, under the same names, so their URLs keep working from every node. Each file is
 * removed from the disk only once the store holds it, so a second run (every start calls this)
 * finds nothing to do, and one cut short just carries on. Returns how many files it moved.
 *
 * A start-up step rather than a knex migration: migrations run once per database and are given
 * only the database, while the files are on each node's own disk, under that node's DATA_DIR, and
 * may be bound for a bucket the migration knows nothing of.
 */
export async function moveDiskUploads(files: FileStore, dataDir: string, log: Logger): Promise<number> {
  const dir = path.join(dataDir, 'uploads', 'avatars');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let moved = 0;
  for (const name of names.filter((n) => AVATAR_NAME.test(n)).sort()) {
    const file = path.join(dir, name);
    await files.put(`avatars/${name}`, await readFile(file), 'image/webp');
    await unlink(file).catch(() => undefined);
    moved += 1;
  }
  if (moved) log.info({ moved, from: dir, to: files.kind }, 'avatars moved from this node’s disk into the file store');
  return moved;
}

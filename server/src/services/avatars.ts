import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { AVATAR_SIZE, PROFILE_MSG } from '@exam/shared';
import { Errors } from '../errors';

/** Where uploaded files live (the file storage of ARCHITECTURE: DATA_DIR/uploads). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif']);

/**
 * Turns an uploaded file into the stored avatar and returns its URL. The type is judged by the
 * file's bytes (a text file named .png, or a PNG signature on a text file, is refused by sharp's
 * decode). The image is decoded and re-encoded, so no metadata (EXIF GPS, comments) and nothing
 * appended to the file survives, and a disguised file can never be served back. The name is the
 * hash of the result: a new URL on every change, which lets the file be cached forever.
 */
export async function storeAvatar(dataDir: string, tempPath: string): Promise<string> {
  const type = await fileTypeFromFile(tempPath).catch(() => undefined);
  if (!type || !ACCEPTED.has(type.mime)) throw Errors.badRequest(PROFILE_MSG.avatarInvalidType, 'avatar');
  let output: Buffer;
  try {
    output = await sharp(tempPath, { animated: false, limitInputPixels: 40_000_000 })
      .rotate() // honour the EXIF orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw Errors.badRequest(PROFILE_MSG.avatarInvalidType, 'avatar');
  }
  const name = `${createHash('sha256').update(output).digest('hex').slice(0, 32)}.webp`;
  const dir = path.join(uploadsDir(dataDir), 'avatars');
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a reader never sees half a file.
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(tmp, output);
  await rename(tmp, path.join(dir, name));
  return `${AVATAR_URL_PREFIX}${name}`;
}

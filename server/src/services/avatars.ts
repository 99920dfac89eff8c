import { createHash } from 'node:crypto';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { AVATAR_SIZE, PROFILE_MSG } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import type { Logger } from '../logger';
import type { FileStore } from '../ports/fileStore';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** A stored avatar's file name: the only names served under AVATAR_URL_PREFIX. */
export const AVATAR_NAME = /^[0-9a-f]{32}\.webp$/;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** The file store's key of an avatar URL we issued, or undefined for anything else. */
export function avatarKey(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return undefined;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  return AVATAR_NAME.test(name) ? `avatars/${name}` : undefined;
}

/**
 * Turns an uploaded file into the stored avatar and returns its URL. The type is judged by the
 * file's bytes (a text file named .png, or a PNG signature on a text file, is refused by sharp's
 * decode). The image is decoded and re-encoded, so no metadata (EXIF GPS, comments) and nothing
 * appended to the file survives, and a disguised file can never be served back. The name is a
 * hash of the owner and the result: a new URL on every change, which lets the file be cached
 * forever, and a file of the owner's own, which can go with the owner (two people with the same
 * picture no longer share one file).
 */
export async function storeAvatar(files: FileStore, ownerId: string, tempPath: string): Promise<string> {
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
  const name = `${createHash('sha256').update(ownerId).update('\0').update(output).digest('hex').slice(0, 32)}.webp`;
  // Stored before any row points at it, so its URL never names a missing file.
  await files.put(`avatars/${name}`, output, 'image/webp');
  return `${AVATAR_URL_PREFIX}${name}`;
}

/**
 * Removes an avatar from the store once no user shows it any more (a deleted user, a replaced
 * picture). Avatars written before the store were named by their content alone and may be shared
 * by several people; those stay while anyone still shows them. A failure is logged, not thrown:
 * the change that released the avatar has already been made.
 */
export async function releaseAvatar(db: Db, files: FileStore, log: Logger, url: string | null | undefined): Promise<void> {
  const key = avatarKey(url);
  if (!key) return;
  try {
    const stillShown = await db('users').where({ avatar: url }).first('id');
    if (!stillShown) await files.delete(key);
  } catch (err) {
    log.error({ err, key }, 'a released avatar could not be removed from the file store');
  }
}

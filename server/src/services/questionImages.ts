import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_IMPORT_IMAGE_BYTES } from '@exam/shared';
import type { FileStore } from '../ports/fileStore';

/**
 * Pictures that come with imported questions. Kept as they came (a question's picture is the
 * teacher's, and an export must give back the same bytes), but only when the bytes are a PNG,
 * JPEG, GIF or WebP that decodes: the type is judged by content, never by the name the file gave
 * it, so an SVG or a script named .png is not stored. Names are a hash of the content: the same
 * picture imported twice is one file, and a URL is never reused for other bytes.
 */
export const QUESTION_IMAGE_PREFIX = '/uploads/questions/';
const NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const ACCEPTED: Record<string, 'png' | 'jpg' | 'gif' | 'webp'> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

export interface JudgedImage {
  bytes: Buffer;
  mime: string;
  url: string;
  key: string;
}

/** Why a picture was not kept, or the picture ready to store. */
export async function judgeImage(bytes: Buffer): Promise<JudgedImage | { refused: 'too-large' | 'not-a-picture' }> {
  if (bytes.length > MAX_IMPORT_IMAGE_BYTES) return { refused: 'too-large' };
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const ext = type ? ACCEPTED[type.mime] : undefined;
  if (!type || !ext) return { refused: 'not-a-picture' };
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    if (!meta.width || !meta.height) return { refused: 'not-a-picture' };
  } catch {
    return { refused: 'not-a-picture' };
  }
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
  return { bytes, mime: type.mime, url: `${QUESTION_IMAGE_PREFIX}${name}`, key: `questions/${name}` };
}

export const storeQuestionImage = (files: FileStore, image: JudgedImage) => files.put(image.key, image.bytes, image.mime);

/** The file store's key of a question picture URL we issued, or undefined for anything else. */
export function questionImageKey(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(QUESTION_IMAGE_PREFIX)) return undefined;
  const name = url.slice(QUESTION_IMAGE_PREFIX.length);
  return NAME.test(name) ? `questions/${name}` : undefined;
}

import { INTEROP_MSG, type ImportFormat } from '@exam/shared';
import { parseGift } from './gift';
import { parseMoodleXml } from './moodleXml';
import { parseQti } from './qtiPackage';
import { ImportFileError, type ParsedItem } from './types';

const FORMAT_NAMES: Record<ImportFormat, string> = { gift: 'GIFT', moodlexml: 'Moodle XML', qti: 'QTI' };
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Which format a file is, by its content (names lie): a zip is a QTI package; XML whose root is
 * <quiz> is Moodle XML, an assessment item (either QTI naming) is QTI; other text holding a GIFT
 * answer block is GIFT.
 */
export function detectFormat(bytes: Buffer): ImportFormat | undefined {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'qti';
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  const body = head.replace(/<\?xml[\s\S]*?\?>/, '').replace(/<!--[\s\S]*?-->/g, '').trimStart();
  if (body.startsWith('<')) {
    if (/^<quiz[\s>]/.test(body)) return 'moodlexml';
    if (/^<([a-z0-9]+:)?(assessmentItem|qti-assessment-item|assessmentTest|qti-assessment-test)[\s>]/.test(body) || /imsqti/.test(head)) return 'qti';
    // Any other XML: let the format that claims XML say why it is not one of its files.
    return /<quiz[\s>]/.test(head) ? 'moodlexml' : 'qti';
  }
  return /\{[\s\S]*\}/.test(bytes.toString('utf8')) ? 'gift' : undefined;
}

/** The file's items, in the asked format or the detected one; a file that is not that format is refused. */
export async function readQuestionFile(bytes: Buffer, asked: ImportFormat | undefined): Promise<{ format: ImportFormat; items: ParsedItem[] }> {
  const detected = detectFormat(bytes);
  const format = asked ?? detected;
  if (!format) throw new ImportFileError(INTEROP_MSG.formatUnknown);
  if (asked && detected && asked !== detected) {
    throw ImportFileError.of('formatMismatch', { format: FORMAT_NAMES[asked] });
  }
  const text = () => bytes.toString('utf8').replace(/^\uFEFF/, '');
  const items = format === 'gift' ? await parseGift(text()) : format === 'moodlexml' ? await parseMoodleXml(text()) : await parseQti(bytes);
  return { format, items };
}

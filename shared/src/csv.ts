/*
 * What a spreadsheet (Excel, LibreOffice, Google Sheets) reads as a formula when it opens a CSV
 * file: a cell starting with = + - @ (or a tab or carriage return, which some strip first), also
 * in their full-width forms (＝ ＋ － ＠, which some read as the ASCII ones), also after leading
 * spaces (trimmed on import). And a file opened with another separator than ours splits a cell at
 * its ; , or tab, so whatever follows one of those starts a cell of its own.
 */
const TRIGGER = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const STARTS_LIKE_FORMULA = new RegExp(`^\\s*[${TRIGGER}]`);
const AFTER_SEPARATOR = new RegExp(`([;,\\t]\\s*)(?=[${TRIGGER}])`, 'g');
/** A plain number written as text ("-5", "3.25"): a spreadsheet reads it as the number it is, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * One cell of an exported CSV file, made safe to open in a spreadsheet: a cell that would start a
 * formula gets a leading apostrophe (shown as text), and so does every part of it after a field
 * separator. Numbers stay numbers, negative ones too, whether given as numbers or as text.
 * Quoting for the file's own separator is the writer's business.
 */
export function csvSafe(value: unknown): string | number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const s = value === null || value === undefined ? '' : String(value);
  if (PLAIN_NUMBER.test(s)) return s;
  const parts = s.replace(AFTER_SEPARATOR, "$1'");
  return STARTS_LIKE_FORMULA.test(parts) ? `'${parts}` : parts;
}

/**
 * The pieces of a question text that must never be split: each formula in the delimiters
 * `renderMathText` (./mathText.ts) recognises, `$...$`, `$$...$$`, `\(...\)`, `\[...\]`, and the
 * escaped dollar `\$`. Same pattern, same order, so a text splits exactly where it renders; the
 * test renders every cut to prove it.
 */
const ATOMS = /\\\$|\$\$[\s\S]+?\$\$|\\\[[\s\S]+?\\\]|\\\([\s\S]+?\\\)|\$[^$\n]+?\$/g;

export interface ShortText {
  text: string;
  /** True when `text` is a beginning of the original followed by an ellipsis. */
  shortened: boolean;
}

/**
 * A preview of at most about `length` characters of the source for tables and lists. The cut
 * falls on a space outside every formula, so a preview never shows half a formula as raw LaTeX nor
 * half a word. When the first word or formula alone is longer than `length`, it is kept whole:
 * a slightly long preview reads better than an empty one. Cutting at a formula boundary keeps
 * the parse of what precedes it: the regex scans left to right, so the kept formulas match alike.
 */
export function shortenMathText(source: string, length = 100): ShortText {
  if (source.length <= length) return { text: source, shortened: false };
  const atoms = [...source.matchAll(ATOMS)].map((m) => [m.index, m.index + m[0].length] as const);
  const inAtom = (i: number) => atoms.some(([start, end]) => start < i && i < end);
  const isSpace = (i: number) => /\s/.test(source[i] ?? '');
  // The first character of the part dropped must be a space, outside any formula.
  let cut = -1;
  for (let i = length; i > 0; i--) {
    if (isSpace(i) && !inAtom(i)) {
      cut = i;
      break;
    }
  }
  if (cut === -1) {
    // No space before the limit: keep the first word or formula whole, up to the next space.
    for (let i = length + 1; i < source.length; i++) {
      if (isSpace(i) && !inAtom(i)) {
        cut = i;
        break;
      }
    }
    if (cut === -1) return { text: source, shortened: false };
  }
  const kept = source.slice(0, cut).trimEnd();
  if (!kept || !source.slice(cut).trim()) return { text: source, shortened: false };
  return { text: `${kept}…`, shortened: true };
}

import { describe, expect, it } from 'vitest';
import { renderMathText } from './mathText';
import { shortenMathText } from './shortenMathText';

/** What a reader sees of rendered text: KaTeX's TeX annotation (for screen readers) is not shown. */
const visible = (html: string) => html.replace(/<annotation[\s\S]*?<\/annotation>/g, '').replace(/<[^>]+>/g, '');

describe('shortenMathText', () => {
  it('leaves a text within the limit as it is', () => {
    expect(shortenMathText('What is $\\frac{a}{b}$?', 100)).toEqual({ text: 'What is $\\frac{a}{b}$?', shortened: false });
  });

  it('cuts plain text at the last space before the limit, never inside a word', () => {
    expect(shortenMathText('Photosynthesis happens in chloroplasts of leaf cells', 30)).toEqual({ text: 'Photosynthesis happens in…', shortened: true });
  });

  it('drops a formula that straddles the limit whole, rather than cutting inside it', () => {
    const text = 'Simplify the expression $\\frac{x + 1}{x - 1}$ for x = 3';
    // The limit falls after "$\frac{x +", inside the formula and on one of its spaces.
    expect(shortenMathText(text, 34)).toEqual({ text: 'Simplify the expression…', shortened: true });
  });

  it('keeps a formula that ends before the limit', () => {
    expect(shortenMathText('Find $x^2$ when x is the root of a long equation', 20).text).toBe('Find $x^2$ when x is…');
  });

  it('never splits display maths or the \\( \\) and \\[ \\] delimiters', () => {
    expect(shortenMathText('Solve $$\\int_0^1 x \\, dx$$ then continue with more', 18).text).toBe('Solve…');
    expect(shortenMathText('Solve \\( a + b \\) and then more', 12).text).toBe('Solve…');
    expect(shortenMathText('Solve \\[ a + b \\] and then more', 12).text).toBe('Solve…');
  });

  it('keeps nested braces together: spaces inside {…{…}} are not cut points', () => {
    const text = 'Evaluate $\\sqrt{\\frac{a + b}{c + \\sqrt{d + e}}}$ please now';
    for (let n = 10; n < 48; n++) {
      const short = shortenMathText(text, n).text;
      expect(short === 'Evaluate…' || short === text).toBe(true);
    }
  });

  it('treats an escaped dollar as a plain dollar sign, not the start of a formula', () => {
    const text = 'A pen costs \\$3 and a book costs \\$12, so what is $3 + 12$ in total';
    expect(shortenMathText(text, 40)).toEqual({ text: 'A pen costs \\$3 and a book costs \\$12,…', shortened: true });
    expect(visible(renderMathText(shortenMathText(text, 40).text))).toBe('A pen costs $3 and a book costs $12,…');
  });

  it('keeps a first formula longer than the limit whole instead of showing nothing', () => {
    expect(shortenMathText('$\\frac{a + b}{c + d}$ is what', 8).text).toBe('$\\frac{a + b}{c + d}$…');
    expect(shortenMathText('$\\frac{a + b}{c + d}$', 8)).toEqual({ text: '$\\frac{a + b}{c + d}$', shortened: false });
  });

  it('at every length, the preview renders without raw LaTeX', () => {
    const text = 'What is $\\frac{a}{b}$ when $$a = \\sum_{i=1}^{n} i$$ and \\(b = \\sqrt{n + 1}\\), given \\[ n \\geq 2 \\] and a price of \\$5?';
    for (let n = 1; n <= text.length; n++) {
      expect(visible(renderMathText(shortenMathText(text, n).text))).not.toContain('\\');
    }
  });
});

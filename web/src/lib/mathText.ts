import katex from 'katex';

/**
 * Question text may carry math written as `$...$` or `\(...\)` (inline) and `$$...$$` or
 * `\[...\]` (display), the delimiters Moodle and QTI authors use; `\$` is a literal dollar sign.
 * Everything outside the math is escaped, so the result is safe to inject: KaTeX escapes what it
 * renders, and with `trust` off it refuses \href, \url and friends.
 */
const TOKEN = /\\\$|\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|\$([^$\n]+?)\$/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function renderMathText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    html += escapeHtml(text.slice(last, match.index));
    if (match[0] === '\\$') {
      html += '$';
    } else {
      const display = match[1] !== undefined || match[2] !== undefined;
      const tex = match[1] ?? match[2] ?? match[3] ?? match[4]!;
      // throwOnError false: a typo shows the source in red instead of breaking the page.
      html += katex.renderToString(tex, { throwOnError: false, displayMode: display });
    }
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './html';

describe('question text from HTML', () => {
  it('keeps paragraphs, line breaks, maths and pictures’ sources, and says when formatting was dropped', () => {
    const read = htmlToText('<p>Solve <b>this</b>: $x^2 = 4$</p><p>Line one<br/>line two &amp; &lt;3<img src="@@PLUGINFILE@@/graph.png"></p>');
    expect(read).toEqual({ text: 'Solve this: $x^2 = 4$\n\nLine one\nline two & <3', images: ['@@PLUGINFILE@@/graph.png'], formattingDropped: true });
    expect(htmlToText('<p>Plain words only.</p>').formattingDropped).toBe(false);
  });

  it('drops scripts and styles entirely', () => {
    expect(htmlToText('<p>Hi</p><script>alert(1)</script><style>p{}</style>').text).toBe('Hi');
  });

  it('gives back the same text after writing it as HTML', () => {
    const text = 'First paragraph with <tags> & ampersands.\n\nSecond, with a\nline break.';
    expect(htmlToText(textToHtml(text)).text).toBe(text);
  });
});

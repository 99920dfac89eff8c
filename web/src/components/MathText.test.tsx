import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMathText } from '../lib/mathText';
import { MathText } from './MathText';

describe('renderMathText', () => {
  it('renders $...$ with KaTeX and leaves the text around it as text', () => {
    const html = renderMathText('Solve $x^2 = 4$ for x.');
    expect(html.startsWith('Solve <span class="katex">')).toBe(true);
    expect(html.endsWith(' for x.')).toBe(true);
    expect(html).toContain('<math');
  });

  it('renders $$...$$ as display math', () => {
    expect(renderMathText('$$\\frac{1}{2}$$')).toContain('katex-display');
  });

  it('renders the \\(...\\) and \\[...\\] delimiters that imported questions use', () => {
    const inline = renderMathText('Area is \\(\\pi r^2\\) here');
    expect(inline.startsWith('Area is <span class="katex">')).toBe(true);
    expect(inline).not.toContain('\\(');
    expect(renderMathText('\\[x = 1\\]')).toContain('katex-display');
  });

  it('escapes the text outside the math', () => {
    const html = renderMathText('<img src=x onerror=alert(1)> & $1+1$');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; ');
    expect(html).not.toContain('<img');
  });

  it('keeps a lone or escaped dollar sign as a dollar sign', () => {
    expect(renderMathText('It costs $5.')).toBe('It costs $5.');
    expect(renderMathText('From \\$3 to \\$4')).toBe('From $3 to $4');
  });

  it('shows broken math in place instead of throwing', () => {
    expect(() => renderMathText('Oops $\\frac{1$ here')).not.toThrow();
    expect(renderMathText('Oops $\\frac{1$ here')).toContain('katex-error');
  });

  it('does not let math smuggle links in', () => {
    expect(renderMathText('$\\href{javascript:alert(1)}{x}$')).not.toContain('href="javascript');
  });
});

describe('<MathText>', () => {
  it('puts the rendered math into the page', () => {
    const { container } = render(
      <MantineProvider env="test">
        <MathText text="Area is $\pi r^2$" data-testid="math" />
      </MantineProvider>,
    );
    const el = container.querySelector('[data-testid="math"]')!;
    expect(el.tagName).toBe('SPAN');
    expect(el.querySelector('.katex')).not.toBeNull();
    expect(el.textContent).toContain('Area is');
  });
});

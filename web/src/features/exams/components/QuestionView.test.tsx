import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionView } from './QuestionView';

// The formula straddles the 100th character, where a plain cut would split it into raw LaTeX.
const LONG = 'Let $x_k$ be terms of the series whose partial sums are given by the formula below; decide if it $\\sum_{k=1}^{n} \\frac{1}{k^2}$ converges, giving a reason.';

describe('a question preview', () => {
  it('is shortened between words and never inside a formula', () => {
    expect(LONG.indexOf('$')).toBeLessThan(100);
    expect(LONG.lastIndexOf('$')).toBeGreaterThan(100);
    render(
      <MantineProvider env="test">
        <QuestionView question={{ text: LONG, type: 'essay', points: 5 }} number={1} preview />
      </MantineProvider>,
    );
    const article = screen.getByRole('article', { name: 'Question 1' });
    // The formula before the cut is rendered; the one across it is left out whole, not shown half as LaTeX.
    expect(article.querySelectorAll('.katex')).toHaveLength(1);
    expect(article.textContent).not.toContain('\\sum');
    expect(article.textContent).not.toContain('$');
    expect(article.textContent).not.toContain('\\frac');
    expect(article.textContent).toContain('…');
    expect(article.textContent).not.toContain('converges');
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { openQuestionScreen } from './test/openQuestionScreen';
import { viewport } from './test/viewport';

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

/** An attempt resumed on Q2 of 3 with 20 minutes left, Q1 answered. */
const openScreen = () =>
  openQuestionScreen({
    questions: [
      { _id: 'q1', text: 'What is 2+2?', type: 'multiple-choice', points: 1, options: ['Three', 'Four'], image: null },
      { _id: 'q2', text: 'Is 7 prime?', type: 'true-false', points: 1, options: [], image: null },
      { _id: 'q3', text: 'Pick the evens.', type: 'multiple-response', points: 1, options: ['2', '3', '4'], image: null },
    ],
    startedMinutesAgo: 10,
    minutesLeft: 20,
    answers: { q1: 'Four' },
    seqs: { q1: 1 },
    accommodation: null,
    restored: { pending: [], marked: [], current: 1, outboxAvailable: true },
  });

/** What a sighted reader sees of an element: its text without the parts hidden from view or marked aria-hidden for a short form. */
const shown = (el: Element) => {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[class*="VisuallyHidden"]').forEach((n) => n.remove());
  return copy.textContent ?? '';
};

describe('the exam screen on a phone', () => {
  it('puts the question number, the save state and the time left in one short header, with the full words for screen readers', async () => {
    viewport('phone');
    openScreen();
    expect(await screen.findByText('Is 7 prime?')).toBeTruthy();
    const header = screen.getByTestId('exam-header');

    const counter = within(header).getByTestId('header-question');
    expect(shown(counter)).toBe('Q 2/3');
    expect(within(counter).getByText('Q 2/3').getAttribute('aria-hidden')).toBe('true');
    expect(within(counter).getByText('Question 2 of 3')).toBeTruthy();

    // One word for the save state; the whole sentence, and its announcements, stay for screen readers.
    const short = within(header).getByTestId('save-status-short');
    expect(short.getAttribute('aria-hidden')).toBe('true');
    const full = within(header).getByTestId('save-status');
    const words = { saved: 'Saved', saving: 'Saving…', connecting: 'Connecting…', offline: 'Offline' } as const;
    expect(short.textContent).toBe(words[full.dataset.state as keyof typeof words]);
    expect(full.closest('[class*="VisuallyHidden"]')).not.toBeNull();

    expect(within(header).getByTestId('exam-timer').textContent).toContain('left');
    // The title scrolls away above the header; the keyboard-shortcut button (no keyboard) is not offered.
    expect(within(header).queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Algebra' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keyboard shortcuts' })).toBeNull();
  });

  it('names the progress bar with the count answered', async () => {
    viewport('phone');
    openScreen();
    expect(await screen.findByText('Is 7 prime?')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Answered 1 of 3' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
  });

  it("shortens and names in the reader's language", async () => {
    await changeLanguage('de');
    viewport('phone');
    openScreen();
    expect(await screen.findByText('Is 7 prime?')).toBeTruthy();
    const counter = screen.getByTestId('header-question');
    expect(shown(counter)).toBe('F 2/3');
    expect(within(counter).getByText('Frage 2 von 3')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '1 von 3 beantwortet' })).toBeTruthy();
  });
});

describe('the exam screen on a laptop', () => {
  it('keeps the title and the full save sentence in the header, and names the progress bar too', async () => {
    viewport('laptop');
    openScreen();
    expect(await screen.findByText('Is 7 prime?')).toBeTruthy();
    const header = screen.getByTestId('exam-header');
    expect(within(header).getByRole('heading', { level: 1, name: 'Algebra' })).toBeTruthy();
    expect(within(header).queryByTestId('header-question')).toBeNull();
    expect(within(header).getByTestId('save-status').closest('[class*="VisuallyHidden"]')).toBeNull();
    expect(within(header).getByText('1 of 3 answered')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Answered 1 of 3' })).toBeTruthy();
  });
});

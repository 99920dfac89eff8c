import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderApp } from '../../test/renderApp';
import { HiddenTimerNote } from './ExamTimer';
import { openQuestionScreen } from './test/openQuestionScreen';
import { viewport } from './test/viewport';

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

/** A 30-minute exam resumed with `minutesLeft` to go: 5 is amber (a quarter or less), 2 is red (a tenth or less). */
const openWith = (minutesLeft: number) =>
  openQuestionScreen({
    questions: [{ _id: 'q1', text: 'What is 2+2?', type: 'multiple-choice', points: 1, options: ['Three', 'Four'], image: null }],
    startedMinutesAgo: 30 - minutesLeft,
    minutesLeft,
    answers: {},
    seqs: {},
    accommodation: null,
    restored: { pending: [], marked: [], current: 0, outboxAvailable: true },
  });

const hidden = (el: Element) => el.closest('[class*="VisuallyHidden"]') !== null;

describe('the timer’s words for its level', () => {
  it.each([
    [5, 'low', 'Less than 25% of time left'],
    [2, 'critical', 'Less than 10% of time left'],
  ])('with %i minutes left on a phone are for screen readers only, inside the timer, so the header stays one line', async (minutes, level, words) => {
    viewport('phone');
    openWith(minutes);
    const timer = await screen.findByTestId('exam-timer');
    expect(timer.dataset.level).toBe(level);
    const hint = screen.getByTestId('exam-timer-hint');
    expect(hint.textContent).toBe(words);
    expect(hidden(hint)).toBe(true);
    expect(timer.contains(hint)).toBe(true);
  });

  it('on a laptop are shown under the clock', async () => {
    viewport('laptop');
    openWith(5);
    const hint = await screen.findByTestId('exam-timer-hint');
    expect(hint.textContent).toBe('Less than 25% of time left');
    expect(hidden(hint)).toBe(false);
  });
});

describe('the hidden timer’s note', () => {
  const show = (phone: boolean) => renderApp('/', [{ path: '/', element: <HiddenTimerNote phone={phone} /> }]);

  it('on a phone shows a short form and keeps the whole sentence for screen readers', async () => {
    show(true);
    const note = await screen.findByTestId('exam-timer-hidden');
    expect(screen.getByText('Timer hidden').getAttribute('aria-hidden')).toBe('true');
    const full = screen.getByText('Timer hidden (shown in the last 5 minutes)');
    expect(hidden(full)).toBe(true);
    expect(note.contains(full)).toBe(true);
  });

  it('on a laptop shows the whole sentence', async () => {
    show(false);
    const note = await screen.findByTestId('exam-timer-hidden');
    expect(note.textContent).toBe('Timer hidden (shown in the last 5 minutes)');
  });

  it('is short in the reader’s language too', async () => {
    await changeLanguage('de');
    show(true);
    expect(await screen.findByText('Timer aus')).toBeTruthy();
    expect(hidden(screen.getByText('Timer ausgeblendet (wird in den letzten 5 Minuten angezeigt)'))).toBe(true);
  });
});

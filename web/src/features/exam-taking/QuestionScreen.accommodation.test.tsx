import { NO_ACCOMMODATION, accommodationView, type AccommodationView } from '@exam/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ATTEMPT, openQuestionScreen } from './test/openQuestionScreen';
import { joinDataSchema } from './types';

/** An attempt resumed on Q2 with two minutes left (the timer's urgent level), Q1 answered and marked. */
const openScreen = (accommodation: AccommodationView | null) =>
  openQuestionScreen({
    questions: [
      { _id: 'q1', text: 'What is 2+2?', type: 'multiple-choice', points: 1, options: ['Three', 'Four'], image: null },
      { _id: 'q2', text: 'Explain.', type: 'essay', points: 2, options: [], image: null },
    ],
    startedMinutesAgo: 28,
    minutesLeft: 2,
    answers: { q1: 'Four' },
    seqs: { q1: 1 },
    accommodation,
    restored: { pending: [], marked: ['q1'], current: 1, outboxAvailable: true },
  });

const timerText = () => screen.getByTestId('exam-timer').firstElementChild as HTMLElement;

describe('the exam screen with an accommodation', () => {
  it('shows the question area larger, the timer and palette without colours, and the extra time', async () => {
    openScreen(accommodationView({ ...NO_ACCOMMODATION, timeMultiplier: 1.5, largerText: true, reducedDistraction: true }));
    expect(await screen.findByText('Explain.')).toBeTruthy();
    const area = screen.getByTestId('question-area');
    expect(area.dataset.textSize).toBe('large');
    expect(area.style.zoom).toBe('1.25');
    // The urgent level is still told in words; only its colour is gone.
    expect(screen.getByTestId('exam-timer').dataset.level).not.toBe('normal');
    expect(screen.getByTestId('exam-timer-hint').textContent).not.toBe('');
    expect(timerText().getAttribute('style') ?? '').not.toContain('--mantine-color');
    // Answered and marked: told by its icons and words, not by a tint.
    const marked = screen.getByTestId('palette-1');
    expect(marked.getAttribute('style') ?? '').not.toContain('orange');
    expect(marked.dataset.variant).toBe('default');
    expect(marked.getAttribute('aria-label')).toBe('Question 1: answered, marked for review');
    expect(screen.getByTestId('palette-2').dataset.variant).toBe('filled');
    expect(screen.getByTestId('extra-time-note').textContent).toBe('Extra time: 1.5×');
  });

  it('keeps the usual screen for a student without one: colours, normal text, no extra time line', async () => {
    openScreen(null);
    expect(await screen.findByText('Explain.')).toBeTruthy();
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('normal');
    expect(screen.getByTestId('question-area').style.zoom ?? '').toBe('');
    expect(timerText().getAttribute('style')).toContain('--mantine-color');
    expect(screen.getByTestId('palette-1').getAttribute('style')).toContain('orange');
    expect(screen.getByTestId('palette-1').dataset.variant).toBe('light');
    expect(screen.queryByTestId('extra-time-note')).toBeNull();
  });

  it('says nothing of extra time when the accommodation gives none', async () => {
    openScreen(accommodationView({ ...NO_ACCOMMODATION, largerText: true }));
    expect(await screen.findByText('Explain.')).toBeTruthy();
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
    expect(screen.queryByTestId('extra-time-note')).toBeNull();
  });

  it('follows the accommodation a join brings, and keeps it when a join says nothing of it', async () => {
    const { rejoin } = openScreen(null);
    expect(await screen.findByText('Explain.')).toBeTruthy();
    rejoin(accommodationView({ ...NO_ACCOMMODATION, timeMultiplier: 2, largerText: true }));
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
    expect(screen.getByTestId('extra-time-note').textContent).toBe('Extra time: 2×');
    // An older server's join has no such field: the display stays as it was.
    rejoin(undefined);
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
  });

  it('reads the accommodation from the join acknowledgement, and a malformed one as none rather than a broken exam', () => {
    const join = { attemptId: ATTEMPT, status: 'in_progress', serverNow: '2030-01-01T00:00:00.000Z', deadlineAt: '2030-01-01T00:30:00.000Z', answers: {}, seqs: {} };
    const view = accommodationView({ ...NO_ACCOMMODATION, reducedDistraction: true });
    expect(joinDataSchema.parse({ ...join, accommodation: view }).accommodation).toEqual(view);
    expect(joinDataSchema.parse({ ...join, accommodation: { largerText: 'yes' } }).accommodation).toBeNull();
    expect('accommodation' in joinDataSchema.parse(join)).toBe(false);
  });
});

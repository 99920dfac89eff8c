import axe from 'axe-core';
import { NO_ACCOMMODATION, accommodationView, type BreakState } from '@exam/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTEMPT, openQuestionScreen } from './test/openQuestionScreen';
import { viewport } from './test/viewport';
import { MINUTE, iso, rest } from './test/breakStates';
import { joinDataSchema } from './types';


/** An attempt resumed on Q1 of 2 with 20 minutes left; `break` as the join gives it. */
const openScreen = (brk: BreakState | null | undefined) =>
  openQuestionScreen({
    questions: [
      { _id: 'q1', text: 'What is 2+2?', type: 'multiple-choice', points: 1, options: ['Three', 'Four'], image: null },
      { _id: 'q2', text: 'Explain.', type: 'essay', points: 2, options: [], image: null },
    ],
    startedMinutesAgo: 10,
    minutesLeft: 20,
    answers: {},
    seqs: {},
    accommodation: null,
    break: brk,
    restored: { pending: [], marked: [], current: 0, outboxAvailable: true },
  });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The screen on a break that started now, with `used` of the allowance taken before. */
async function onBreak(used = 0) {
  const screenUnder = openScreen(rest({ usedMs: used }));
  expect(await screen.findByText('What is 2+2?')).toBeTruthy();
  const start = Date.now();
  screenUnder.send({ type: 'server.break', serverNow: iso(start), break: rest({ state: 'on-break', startedAt: iso(start), endsAt: iso(start + 10 * MINUTE - used), usedMs: used }) });
  return { ...screenUnder, start };
}

const timerText = () => screen.getByTestId('exam-timer').textContent;

describe('rest breaks on the exam screen', () => {
  it('offers no break to a student without an allowance', async () => {
    openScreen(null);
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /break/i })).toBeNull();
    expect(screen.queryByTestId('header-more')).toBeNull();
  });

  it('offers a break with the time left, and asks first what a break does', async () => {
    const { commands } = openScreen(rest({ usedMs: 3 * MINUTE }));
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take a break (7 min left)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a rest break?' });
    expect(within(dialog).getByText('The exam clock stops and your questions are hidden until you come back.')).toBeTruthy();
    expect(within(dialog).getByText(/You have 7 minutes of break time left/)).toBeTruthy();
    expect(within(dialog).getByText(/A proctor is asked to allow it/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(commands.some((c) => c.type === 'session.break')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for a break' }));
    expect(commands.at(-1)).toEqual({ type: 'session.break', action: 'request' });
  });

  it('says an automatic break starts at once, and "Not now" sends nothing', async () => {
    const { commands } = openScreen(rest({ automatic: true }));
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take a break (10 min left)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a rest break?' });
    expect(within(dialog).queryByText(/A proctor is asked/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Start the break' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(commands.some((c) => c.type === 'session.break')).toBe(false);
  });

  it('waits calmly for a proctor, lets the student withdraw, and says when a proctor says no', async () => {
    const { send, commands } = openScreen(rest());
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    const now = Date.now();
    send({ type: 'server.break', serverNow: iso(now), break: rest({ state: 'requested', requestedAt: iso(now) }) });
    const banner = screen.getByTestId('break-requested');
    expect(within(banner).getByText('Waiting for a proctor to allow your break')).toBeTruthy();
    // The questions stay while the request waits.
    expect(screen.getByText('What is 2+2?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Take a break/ })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Cancel request' }));
    expect(commands.at(-1)).toEqual({ type: 'session.break', action: 'cancel' });

    send({ type: 'server.break', serverNow: iso(now + 1000), break: rest(), refused: true });
    expect(screen.queryByTestId('break-requested')).toBeNull();
    expect(screen.getByTestId('break-notice').textContent).toContain('A proctor did not grant the break now.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('break-notice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take a break (10 min left)' })).toBeTruthy();
  });

  it('takes the questions out of the page on a break, counts the break down and stops the exam clock', async () => {
    const { send, start } = await onBreak();
    expect(screen.queryByText('What is 2+2?')).toBeNull();
    expect(document.getElementById('question-heading')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Exam' })).toBeNull();

    const panel = screen.getByRole('region', { name: 'You are on a rest break — the exam clock is stopped' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 }));
    expect(within(panel).getByRole('timer', { name: 'Break time left' }).textContent).toContain('10:00');
    const announcement = screen.getByTestId('break-announcement');
    expect(announcement.textContent).toBe('10 minutes of break left.');
    expect(screen.getByTestId('clock-stopped').textContent).toBe('Clock stopped');
    const examClock = timerText();

    // Half a minute on: the countdown moves, the announcement does not (whole minutes only), nor the exam clock.
    send({ type: 'timer.tick', now: start + 30_000 });
    expect(within(panel).getByRole('timer', { name: 'Break time left' }).textContent).toContain('9:30');
    expect(announcement.textContent).toBe('10 minutes of break left.');
    expect(timerText()).toBe(examClock);
    send({ type: 'timer.tick', now: start + 61_000 });
    expect(announcement.textContent).toBe('9 minutes of break left.');
    expect(timerText()).toBe(examClock);
  });

  it('comes back by the button: the end goes to the server and the questions return when it confirms', async () => {
    const { send, commands, start } = await onBreak();
    const back = screen.getByRole('button', { name: 'Back to the exam' });
    expect(back.tagName).toBe('BUTTON');
    expect(back.getAttribute('tabindex')).not.toBe('-1');
    fireEvent.click(back);
    expect(commands.at(-1)).toEqual({ type: 'session.break', action: 'end' });
    send({ type: 'server.break', serverNow: iso(start + 2 * MINUTE), break: rest({ usedMs: 2 * MINUTE }) });
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    expect(screen.queryByTestId('break-panel')).toBeNull();
    expect(document.activeElement?.id).toBe('question-heading');
    expect(screen.getByRole('button', { name: 'Take a break (8 min left)' })).toBeTruthy();
  });

  it('brings the questions back when the break time is used up, and says so', async () => {
    const { send, start } = await onBreak(7 * MINUTE);
    expect(screen.getByRole('timer', { name: 'Break time left' }).textContent).toContain('3:00');
    send({ type: 'timer.tick', now: start + 3 * MINUTE + 500 });
    expect(screen.getByText('What is 2+2?')).toBeTruthy();
    expect(screen.getByTestId('break-notice').textContent).toBe('Your break time is used up: the exam clock is running again.');
    send({ type: 'server.break', serverNow: iso(start + 3 * MINUTE + 600), break: rest({ usedMs: 10 * MINUTE }) });
    expect(screen.getByTestId('break-notice').dataset.kind).toBe('usedUp');
    expect(screen.getByRole('button', { name: 'No break time left' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the server’s reason when it will not start a break', async () => {
    const { send } = openScreen(rest());
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    send({ type: 'break.failed', message: 'You have used all your rest-break time.' });
    expect(screen.getByTestId('break-notice').textContent).toContain('You have used all your rest-break time.');
  });

  it('puts the break in the header’s “More” menu on a phone, whose header has room for one line only', async () => {
    viewport('phone');
    const { commands } = openScreen(rest());
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    const header = screen.getByTestId('exam-header');
    expect(within(header).queryByRole('button', { name: /Take a break/ })).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Take a break (10 min left)' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Take a rest break?' })).getByRole('button', { name: 'Ask for a break' }));
    expect(commands.at(-1)).toEqual({ type: 'session.break', action: 'request' });
  });

  it('applies larger text the moment a teacher changes the accommodation', async () => {
    const { send } = openScreen(null);
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('normal');
    send({ type: 'server.accommodation', accommodation: accommodationView({ ...NO_ACCOMMODATION, largerText: true }) });
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
    expect(screen.getByTestId('question-area').style.zoom).toBe('1.25');
  });

  it('reads the break from the join, and a malformed one as none rather than a broken exam', () => {
    const join = { attemptId: ATTEMPT, status: 'in_progress', serverNow: '2030-01-01T00:00:00.000Z', deadlineAt: '2030-01-01T00:30:00.000Z', answers: {}, seqs: {} };
    expect(joinDataSchema.parse({ ...join, break: rest() }).break).toEqual(rest());
    expect(joinDataSchema.parse({ ...join, break: { state: 'napping' } }).break).toBeNull();
    expect('break' in joinDataSchema.parse(join)).toBe(false);
  });

  it('has nothing serious or critical for axe in the request, the notice, the dialog and the break panel', async () => {
    const serious = async () => {
      // Colours are checked in the browser (e2e/accessibility.spec.ts): jsdom computes none.
      const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    };
    const { send } = openScreen(rest());
    expect(await screen.findByText('What is 2+2?')).toBeTruthy();
    const now = Date.now();
    send({ type: 'server.break', serverNow: iso(now), break: rest({ state: 'requested', requestedAt: iso(now) }) });
    send({ type: 'break.failed', message: 'You have already asked for a break: a proctor will answer.' });
    expect(await serious()).toEqual([]);
    send({ type: 'server.break', serverNow: iso(now + 1000), break: rest() });
    fireEvent.click(screen.getByRole('button', { name: 'Take a break (10 min left)' }));
    await screen.findByRole('dialog', { name: 'Take a rest break?' });
    expect(await serious()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    send({ type: 'server.break', serverNow: iso(now + 2000), break: rest({ state: 'on-break', startedAt: iso(now + 2000), endsAt: iso(now + 2000 + 10 * MINUTE) }) });
    expect(screen.getByTestId('break-panel')).toBeTruthy();
    expect(await serious()).toEqual([]);
  });
});

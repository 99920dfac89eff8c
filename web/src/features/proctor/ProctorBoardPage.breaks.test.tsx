import type { BreakState } from '@exam/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { ProctorBoardPage } from './ProctorBoardPage';
import { buildRow } from './testRows';
import { FakeBoardSocket } from './test/boardSocket';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const allowance = { usedMs: 0, allowanceMs: 15 * MIN, automatic: false };
const asking = (): BreakState => ({ state: 'requested', requestedAt: iso(Date.now() - 5000), startedAt: null, endsAt: null, ...allowance });
const onBreakNow = (): BreakState => ({ state: 'on-break', requestedAt: null, startedAt: iso(Date.now() - MIN - 10_000), endsAt: iso(Date.now() + 9 * MIN), ...allowance, usedMs: 5 * MIN });

const hall = () => ({
  students: [
    buildRow({ id: 's1', name: ['Sam', 'Student'], break: asking() }),
    buildRow({ id: 's2', name: ['Ana', 'Ortiz'] }),
    buildRow({ id: 's3', name: ['Cy', 'Lee'], break: onBreakNow() }),
    buildRow({ id: 's4', name: ['Di', 'Park'], break: asking() }),
  ],
});

/** The acknowledgements the fake server gives; a test changes them between actions. */
let acks: Record<string, unknown> = {};
let socket = new FakeBoardSocket(hall, acks);
vi.mock('../../api/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/socket')>()),
  createSocket: () => socket,
  keepConnected: () => () => undefined,
}));

const ok = (data: unknown) => ({ body: { success: true, data } });
function open() {
  mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ok({ exam: buildExam() })],
    ['GET', '/exams/e1/proctor-feed', () => ok({ events: [] })],
    ['GET', '/exams/e1/waivers', () => ok({ waivers: [] })],
    ['GET', '/exams/e1/help', () => ok({ requests: [] })],
  ]);
  renderApp('/exam/e1/proctor', [{ path: '/exam/:examId/proctor', element: <ProctorBoardPage /> }]);
}

const names = () => screen.getAllByTestId('proctor-row').map((r) => r.dataset.student);
const rowOf = (name: string) => screen.getAllByTestId('proctor-row').find((r) => r.dataset.student === name)!;
const breakCalls = () => socket.calls.filter((c) => c.event === 'proctor:break').map((c) => c.payload);

describe('rest breaks on the proctor board', { timeout: 30_000 }, () => {
  beforeEach(() => {
    acks = {};
    socket = new FakeBoardSocket(hall, acks);
  });

  it('brings the students asking for a break to the top, counts them on a filter, and allows or refuses from the row', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(names()).toEqual(['Di Park', 'Sam Student', 'Cy Lee', 'Ana Ortiz']));
    expect(rowOf('Sam Student').dataset.break).toBe('requested');
    expect(within(rowOf('Sam Student')).getByTestId('row-break-request').textContent).toBe('Asks for a break');

    expect(screen.getByTestId('break-requests-live').textContent).toBe('2 students ask for a break');
    const chip = screen.getByRole('checkbox', { name: 'Asks for a break (2)' });
    fireEvent.click(chip);
    await waitFor(() => expect(names()).toEqual(['Di Park', 'Sam Student']));
    expect(screen.getByText('Showing 2 of 4')).toBeTruthy();

    acks['proctor:break'] = { ok: true, serverNow: iso(Date.now()), break: { ...onBreakNow(), startedAt: iso(Date.now()), endsAt: iso(Date.now() + 15 * MIN), usedMs: 0 } };
    fireEvent.click(within(rowOf('Sam Student')).getByRole('button', { name: 'Allow break for Sam Student' }));
    expect(await screen.findByText('Sam Student is on a break')).toBeTruthy();
    expect(breakCalls()).toEqual([{ attemptId: 'a-s1', action: 'grant' }]);
    // The answer shows at once: Sam no longer asks, so the filter leaves Di alone.
    await waitFor(() => expect(names()).toEqual(['Di Park']));
    expect(screen.getByRole('checkbox', { name: 'Asks for a break (1)' })).toBeTruthy();

    acks['proctor:break'] = { ok: false, code: 'not-asked', message: 'This student has not asked for a break.' };
    fireEvent.click(within(rowOf('Di Park')).getByRole('button', { name: 'Refuse the break of Di Park' }));
    expect(await screen.findByText('This student has not asked for a break.')).toBeTruthy();
    expect(breakCalls()).toEqual([
      { attemptId: 'a-s1', action: 'grant' },
      { attemptId: 'a-s4', action: 'refuse' },
    ]);
    // Refused by the server: the request is still there to answer.
    expect(rowOf('Di Park').dataset.break).toBe('requested');
  });

  it('counts down a break under way and ends it only after a confirm', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    const cy = await waitFor(() => rowOf('Cy Lee'));
    expect(within(cy).getByTestId('row-on-break').textContent).toMatch(/^On break · (9:00|8:[0-5]\d) left$/);
    expect(within(cy).getByTestId('row-paused').textContent).toBe('Paused 6 min');
    expect(screen.getByTestId('on-break-count').textContent).toBe('1 on a break');

    fireEvent.click(within(cy).getByRole('button', { name: 'Actions for Cy Lee' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'End break' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the break of Cy Lee?' });
    // Cancelling sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(breakCalls()).toEqual([]);

    acks['proctor:break'] = { ok: true, serverNow: iso(Date.now()), break: { state: 'none', requestedAt: null, startedAt: null, endsAt: null, ...allowance, usedMs: 6 * MIN } };
    fireEvent.click(within(rowOf('Cy Lee')).getByRole('button', { name: 'End break for Cy Lee' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'End the break of Cy Lee?' })).getByRole('button', { name: 'End break' }));
    expect(await screen.findByText('The break of Cy Lee has ended')).toBeTruthy();
    expect(breakCalls()).toEqual([{ attemptId: 'a-s3', action: 'end' }]);
    await waitFor(() => expect(within(rowOf('Cy Lee')).queryByTestId('row-on-break')).toBeNull());
    expect(screen.queryByTestId('on-break-count')).toBeNull();
    expect(within(rowOf('Cy Lee')).getByTestId('row-paused').textContent).toBe('Paused 6 min');
  });

  it('says the break events in words in the feed and in the student’s timeline', async () => {
    const at = iso(Date.now());
    acks['proctor:timeline'] = {
      ok: true,
      data: {
        events: [
          { type: 'break-requested', detail: {}, at },
          { type: 'break-started', detail: { pausedMs: 0, by: 'u9', byName: 'Ms Xu' }, at, by: { name: 'Ms Xu', role: 'teacher' } },
          { type: 'break-ended', detail: { pausedMs: 6 * MIN }, at },
        ],
      },
    };
    open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(names()).toHaveLength(4));
    act(() => {
      const fire = (type: string, detail: Record<string, unknown> = {}) => socket.fire('proctor:event', { attemptId: 'a-s1', studentId: 's1', type, at: iso(Date.now()), detail });
      fire('break-requested');
      fire('break-cancelled');
      fire('break-refused', { by: 'u9', byName: 'Ms Xu' });
      fire('break-started', { pausedMs: 0, by: 'u9', byName: 'Ms Xu' });
      fire('break-ended', { pausedMs: 6 * MIN });
    });
    const lines = await waitFor(() => {
      const items = screen.getAllByTestId('feed-item');
      expect(items).toHaveLength(5);
      return items.map((i) => i.textContent);
    });
    // Newest first.
    expect(lines[0]).toContain('BreakSam Student · break ended after 6 min');
    expect(lines[1]).toContain('Sam Student · break allowed by Ms Xu');
    expect(lines[2]).toContain('Sam Student · break refused by Ms Xu');
    expect(lines[3]).toContain('Sam Student · withdrew the break request');
    expect(lines[4]).toContain('Sam Student · asked for a break');

    fireEvent.click(within(rowOf('Sam Student')).getByRole('button', { name: 'Open the timeline of Sam Student' }));
    const timeline = await screen.findByTestId('timeline');
    expect(within(timeline).getByText('asked for a break')).toBeTruthy();
    expect(within(timeline).getByText('break allowed by Ms Xu')).toBeTruthy();
    expect(within(timeline).getByText('break ended after 6 min')).toBeTruthy();
  });
});

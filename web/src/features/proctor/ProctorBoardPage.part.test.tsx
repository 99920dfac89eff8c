import type { HallPart } from '@exam/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { ProctorBoardPage } from './ProctorBoardPage';
import { buildRow } from './testRows';
import { FakeBoardSocket } from './test/boardSocket';

/** A shared hall: four students in sections A, A, B and C; the watcher's part is section A and Cleo by name. */
const students = [
  buildRow({ id: 's1', name: ['Ada', 'Adams'], section: 'A' }),
  buildRow({ id: 's2', name: ['Abe', 'Allen'], section: 'A' }),
  buildRow({ id: 's3', name: ['Ben', 'Brown'], section: 'B' }),
  buildRow({ id: 's4', name: ['Cleo', 'Cole'], section: 'C' }),
];
let part: HallPart | null = { sections: ['A'], studentIds: ['s4'] };

const newSocket = () => new FakeBoardSocket(() => ({ students, part }));

let socket = newSocket();
vi.mock('../../api/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/socket')>()),
  createSocket: () => socket,
  keepConnected: () => () => undefined,
}));

const ok = (data: unknown) => ({ body: { success: true, data } });
function serve(history: unknown[] = [], myRole: 'proctor' | 'staff' | 'owner' = 'proctor') {
  return mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ok({ exam: buildExam({ myRole }) })],
    ['GET', '/exams/e1/proctor-feed', () => ok({ events: history })],
    ['GET', '/exams/e1/waivers', () => ok({ waivers: [] })],
    ['GET', '/exams/e1/help', () => ok({ requests: [] })],
  ]);
}

const open = () => renderApp('/exam/e1/proctor', [{ path: '/exam/:examId/proctor', element: <ProctorBoardPage /> }]);
const shownStudents = () => screen.getAllByTestId('proctor-row').map((r) => r.dataset.student);
const feedTexts = () => screen.queryAllByTestId('feed-item').map((i) => i.textContent);

describe('a proctor’s part of a shared hall', { timeout: 30_000 }, () => {
  beforeEach(() => {
    socket = newSocket();
    part = { sections: ['A'], studentIds: ['s4'] };
    localStorage.clear();
  });

  it('shows the proctor’s part by default, the whole hall on demand, and remembers the choice for the exam', async () => {
    serve();
    const { unmount } = open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(shownStudents()).toHaveLength(3));
    expect([...shownStudents()].sort()).toEqual(['Abe Allen', 'Ada Adams', 'Cleo Cole']);

    const scope = screen.getByRole('radiogroup', { name: 'Which students to show' });
    const mine = within(scope).getByRole('radio', { name: 'My part' });
    expect(mine).toHaveProperty('checked', true);
    // The switch is a pair of radio buttons: reached with Tab, chosen with the arrow keys or Space.
    const whole = within(scope).getByRole('radio', { name: 'Whole hall' });
    whole.focus();
    expect(document.activeElement).toBe(whole);
    fireEvent.click(whole);
    await waitFor(() => expect(shownStudents()).toHaveLength(4));
    expect(shownStudents()).toContain('Ben Brown');
    unmount();

    // Back on the board of this exam, the whole hall is still chosen.
    socket = newSocket();
    open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(shownStudents()).toHaveLength(4));
    expect(within(screen.getByRole('radiogroup', { name: 'Which students to show' })).getByRole('radio', { name: 'Whole hall' })).toHaveProperty('checked', true);
  });

  it('links to the integrity review for those who review, not for a proctor who only proctors', async () => {
    serve([], 'staff');
    const { unmount } = open();
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByRole('link', { name: 'Integrity review' })).toHaveProperty('pathname', '/exam/e1/review');
    unmount();
    socket = newSocket();
    serve([], 'proctor');
    open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(shownStudents()).toHaveLength(3));
    expect(screen.queryByRole('link', { name: 'Integrity review' })).toBeNull();
  });

  it('has no switch for the owner, an admin or a proctor of the whole hall', async () => {
    part = null;
    serve();
    open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(shownStudents()).toHaveLength(4));
    expect(screen.queryByRole('radiogroup', { name: 'Which students to show' })).toBeNull();
  });

  it('names who did each action in the feed, and follows the part there too', async () => {
    serve([
      { id: 3, attemptId: 'a-s3', studentId: 's3', type: 'extended', at: '2030-01-01T00:12:00.000Z', detail: { minutes: 5, by: 'u9', byName: 'Olive Owner' } },
      { id: 2, attemptId: 'a-s1', studentId: 's1', type: 'submitted', at: '2030-01-01T00:11:00.000Z', detail: { reason: 'proctor', by: 'u8', byName: 'Hugo Hall' } },
      { id: 1, attemptId: 'a-s1', studentId: 's1', type: 'message', at: '2030-01-01T00:10:00.000Z', detail: { text: 'Eyes down', by: 'u8', byName: 'Hugo Hall' } },
    ]);
    open();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(feedTexts()).toHaveLength(2));
    expect(feedTexts()[0]).toContain('Ada Adams · by Hugo Hall');
    expect(feedTexts()[1]).toContain('Ada Adams · “Eyes down” · by Hugo Hall');

    // Live: a waiver and a resolved help request name who decided.
    act(() => socket.fire('proctor:waiver', { examId: 'e1', studentId: 's2', check: 'camera', reason: 'No webcam', granted: true, by: 'u8', byName: 'Hugo Hall' }));
    act(() => socket.fire('proctor:help', { id: 'h1', examId: 'e1', studentId: 's4', check: 'microphone', note: null, at: '2030-01-01T00:13:00.000Z', status: 'resolved', by: 'u9', byName: 'Olive Owner' }));
    await waitFor(() => expect(feedTexts()).toHaveLength(4));
    expect(feedTexts().some((text) => text?.includes('Abe Allen · Camera waived · “No webcam” · by Hugo Hall'))).toBe(true);
    expect(feedTexts().some((text) => text?.includes('Cleo Cole · Microphone: resolved · by Olive Owner'))).toBe(true);

    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Which students to show' })).getByRole('radio', { name: 'Whole hall' }));
    await waitFor(() => expect(feedTexts()).toHaveLength(5));
    expect(feedTexts().some((text) => text?.includes('Ben Brown · +5 min · by Olive Owner'))).toBe(true);
  });
});

import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { ProctorBoardPage } from './ProctorBoardPage';
import { buildRow } from './testRows';
import { FakeBoardSocket } from './test/boardSocket';

const twoStudents = () => ({ students: [buildRow({ id: 's1', name: ['Sam', 'Student'] }), buildRow({ id: 's2', name: ['Ana', 'Ortiz'], status: 'not-started', attemptId: null })] });
const newSocket = () => new FakeBoardSocket(twoStudents, { 'camera:request': { ok: true, iceServers: [] } });

let socket = newSocket();
vi.mock('../../api/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/socket')>()),
  createSocket: () => socket,
  keepConnected: () => () => undefined,
}));

const FLAG_ID = '0b9f6c55-3f55-4a8e-9a51-6c1f1b2a7e01';
const proctoring = {
  ...EXAM_SETTINGS_DEFAULTS.proctoring,
  enabled: true,
  enableCamera: true,
  faceChecks: { ...EXAM_SETTINGS_DEFAULTS.proctoring.faceChecks, enabled: true },
  screenShare: { required: true },
  evidencePictures: true,
};
const exam = buildExam({ settings: { ...EXAM_SETTINGS_DEFAULTS, proctoring } });
const ok = (data: unknown) => ({ body: { success: true, data } });

/** The stored feed as the server keeps it: the message to all is one row already. */
const history = [
  { id: 9, attemptId: 'a-s1', studentId: 's1', type: 'violation', at: '2030-01-01T00:20:00.000Z', detail: { violation: 'face-missing', severity: 'high', durationMs: 6000, confidence: 0.9, flagId: FLAG_ID } },
  { id: 8, attemptId: 'a-s1', studentId: 's1', type: 'message', at: '2030-01-01T00:15:00.000Z', detail: { text: 'Ten minutes left', broadcastId: 'b1', count: 2 } },
  { id: 7, attemptId: 'a-s1', studentId: 's1', type: 'network', at: '2030-01-01T00:10:00.000Z', detail: { offlineMs: 12_000, since: '2030-01-01T00:09:48.000Z' } },
];

function serve(extra: Parameters<typeof mockApi>[1] = []) {
  return mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ok({ exam })],
    ['GET', '/exams/e1/proctor-feed', () => ok({ events: history })],
    ['GET', '/exams/e1/waivers', () => ok({ waivers: [] })],
    ['GET', '/exams/e1/help', () => ok({ requests: [{ id: 'h1', examId: 'e1', studentId: 's2', check: 'camera', note: 'No camera found', at: '2030-01-01T00:02:00.000Z', status: 'open' }] })],
    ...extra,
  ]);
}

const feedItems = () => screen.getAllByTestId('feed-item');
const rowOf = (name: string) => screen.getAllByTestId('proctor-row').find((r) => r.dataset.student === name)!;

describe('the proctor board sees flags, waivers, help requests, evidence and screens', { timeout: 30_000 }, () => {
  beforeEach(() => {
    socket = newSocket();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:evidence'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('restores the feed after a reload, shows flags with severity, offline spells, one line per message to all, and opens evidence with the token', async () => {
    const api = serve([
      ['GET', '/attempts/a-s1/evidence', () => ok({ evidence: [{ id: 'ev1', flagId: FLAG_ID, kind: 'face-missing', source: 'camera', createdAt: '2030-01-01T00:20:01.000Z' }] })],
      ['GET', '/evidence/ev1', () => ({ body: 'jpeg bytes' })],
    ]);
    renderApp('/exam/e1/proctor', [{ path: '/exam/:examId/proctor', element: <ProctorBoardPage /> }]);
    await screen.findByRole('heading', { level: 1 });

    // The page was just opened: the stored events fill the feed.
    await waitFor(() => expect(feedItems()).toHaveLength(3));
    const [flag, broadcast, network] = feedItems();
    expect(flag!.textContent).toContain('Sam Student · Face missing · for 6 s · 90% sure');
    expect(within(flag!).getByTestId('feed-severity').textContent).toBe('High');
    expect(broadcast!.textContent).toContain('All students · “Ten minutes left” · to 2 students');
    expect(network!.textContent).toContain('Connection');
    expect(network!.textContent).toContain('offline 12 s');
    // Being offline is never a violation.
    expect(within(rowOf('Sam Student')).getByTestId('row-other-violations').textContent).toBe('0');

    // A live flag: its severity, and the flag counted on the row apart from the violations.
    act(() =>
      socket.fire('proctor:event', {
        attemptId: 'a-s1',
        studentId: 's1',
        type: 'violation',
        at: new Date().toISOString(),
        detail: { violation: 'faces-multiple', severity: 'high', durationMs: 3500, confidence: 0.8, counts: { tabSwitches: 0, fullscreenExits: 0, other: 0 } },
      }),
    );
    await waitFor(() => expect(feedItems()).toHaveLength(4));
    expect(feedItems()[0]!.dataset.severity).toBe('high');
    expect(feedItems()[0]!.textContent).toContain('Several faces · for 4 s · 80% sure');
    expect(within(rowOf('Sam Student')).getByTestId('row-flags').textContent).toBe('1 flag');
    // The same message to all, sent live to each student again, stays one line.
    act(() => {
      for (const id of ['s1', 's2']) socket.fire('proctor:event', { attemptId: `a-${id}`, studentId: id, type: 'message', at: new Date().toISOString(), detail: { text: 'Ten minutes left', broadcastId: 'b1', count: 2 } });
    });
    expect(feedItems()).toHaveLength(4);

    fireEvent.click(within(flag!).getByTestId('feed-evidence'));
    const dialog = await screen.findByRole('dialog', { name: 'Evidence: Face missing · Sam Student' });
    expect((await within(dialog).findByTestId('evidence-picture')).getAttribute('alt')).toBe('Camera when the flag was raised');
    const picture = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/evidence/ev1'));
    expect((picture?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('waives a check from a help request with a reason, shows the badge, resolves the request, and opens a screen tile', async () => {
    const api = serve([
      ['PUT', '/exams/e1/waivers/s2/camera', ({ body }) => ok({ waiver: { studentId: 's2', check: 'camera', reason: (body as { reason: string }).reason } })],
      ['POST', '/help/h1/resolve', () => ok({})],
    ]);
    renderApp('/exam/e1/proctor', [{ path: '/exam/:examId/proctor', element: <ProctorBoardPage /> }]);
    await screen.findByRole('heading', { level: 1 });

    const help = await screen.findByTestId('help-request');
    expect(help.textContent).toContain('Ana Ortiz needs help with: Camera · “No camera found”');

    fireEvent.click(within(help).getByRole('button', { name: 'Waive Camera for Ana Ortiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checks for Ana Ortiz' });
    // A waiver needs a reason.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Waive Camera for Ana Ortiz' }));
    expect(await within(dialog).findByText('Give a reason for the waiver')).toBeTruthy();
    expect(api.callsTo('PUT', '/exams/e1/waivers/s2/camera')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'No webcam at home' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Waive Camera for Ana Ortiz' }));
    await waitFor(() => expect(api.callsTo('PUT', '/exams/e1/waivers/s2/camera')).toHaveLength(1));
    expect(api.callsTo('PUT', '/exams/e1/waivers/s2/camera')[0]!.body).toEqual({ reason: 'No webcam at home' });
    expect(await within(dialog).findByRole('button', { name: 'Revoke the waiver of Camera for Ana Ortiz' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(within(rowOf('Ana Ortiz')).getByTestId('row-waived').textContent).toBe('Waived: Camera'));

    fireEvent.click(within(help).getByRole('button', { name: 'Resolve the help request of Ana Ortiz' }));
    await waitFor(() => expect(screen.queryByTestId('help-request')).toBeNull());
    expect(api.callsTo('POST', '/help/h1/resolve')).toHaveLength(1);

    fireEvent.click(within(rowOf('Sam Student')).getByRole('button', { name: 'Actions for Sam Student' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'View screen' }));
    const tile = await screen.findByRole('figure', { name: 'Screen of Sam Student' });
    expect(tile.dataset.source).toBe('screen');
    // Strict mode mounts the tile twice: every request it made names the screen.
    const requests = socket.calls.filter((c) => c.event === 'camera:request').map((c) => c.payload);
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify({ attemptId: 'a-s1', source: 'screen' })]));
  });
});

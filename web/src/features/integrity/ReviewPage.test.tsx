import { attemptTimelineSchema, reviewQueueSchema, type AttemptTimeline, type FlagDecisionInput, type ReviewFlag } from '@exam/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ReviewPage } from './ReviewPage';
import { ATTEMPT, EXAM, buildQueue, buildTimeline, flag } from './test/builders';

// Many screens render at once on a busy machine: waits get more room than the default second.
configure({ asyncUtilTimeout: 5000 });

const teacher = buildUser({ _id: 't1', role: 'teacher', firstName: 'Tess', lastName: 'Ng', grade: null, section: null });
const ok = (data: unknown) => ({ body: { success: true, data } });

/**
 * A fake review server: each attempt's flags, changed by the decisions posted, and its timeline
 * built from them. Ben has three undecided flags, Ana two, Cy none.
 */
function setup(opts: { path?: string; flags?: Partial<Record<keyof typeof ATTEMPT, ReviewFlag[]>>; timeline?: Partial<AttemptTimeline['attempt']> } = {}) {
  const flags: Record<string, ReviewFlag[]> = {
    [ATTEMPT.ben]: opts.flags?.ben ?? [flag(1), flag(2, { kind: 'faces-multiple', evidenceIds: [] }), flag(3)],
    [ATTEMPT.ana]: opts.flags?.ana ?? [flag(4), flag(5)],
    [ATTEMPT.cy]: opts.flags?.cy ?? [],
  };
  const api = mockApi(teacher, [
    ['GET', `/exams/${EXAM}/review-queue`, () => ok(buildQueue())],
    [
      'GET',
      /^\/attempts\/[^/]+\/timeline$/,
      ({ url }) => {
        const id = url.pathname.split('/')[3]!;
        return ok(buildTimeline(id, flags[id]!, opts.timeline));
      },
    ],
    [
      'POST',
      /^\/attempts\/[^/]+\/flags\/[^/]+\/decision$/,
      ({ url, body }) => {
        const [, , , id, , eventId] = url.pathname.split('/');
        const input = body as FlagDecisionInput;
        flags[id!] = flags[id!]!.map((f) =>
          f.eventId === eventId
            ? {
                ...f,
                decision: input.decision,
                history: [...f.history, { id: '1', decision: input.decision, note: input.note ?? null, by: { id: teacher._id, name: 'Tess Ng' }, at: '2026-05-05T08:00:00.000Z' }],
              }
            : f,
        );
        const now = flags[id!]!;
        const state = now.some((f) => f.decision === 'confirm') ? 'confirmed' : now.some((f) => f.decision === null) ? 'needs_review' : 'clear';
        return ok({ flag: now.find((f) => f.eventId === eventId), integrityState: state, outcome: null, hold: state === 'clear' ? null : 'under_review' });
      },
    ],
    ['GET', /^\/evidence\/[^/]+$/, () => ({ body: 'jpeg bytes' })],
    ['POST', /^\/attempts\/[^/]+\/outcome$/, ({ body }) => ok({ integrityState: 'confirmed', outcome: (body as { outcome: string }).outcome, hold: null, history: [] })],
  ]);
  renderApp(opts.path ?? `/exam/${EXAM}/review`, [{ path: '/exam/:examId/review', element: <ReviewPage /> }]);
  return api;
}

const options = () => within(screen.getByRole('listbox', { name: 'Review queue' })).getAllByRole('option');
const key = (k: string, target: Element = document.activeElement ?? document.body) => fireEvent.keyDown(target, { key: k });
const decisions = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/decision'));
const focusedFlag = () => document.activeElement?.closest('[data-testid="flag-card"]')?.getAttribute('data-event-id');

describe('Integrity review screen', { timeout: 30_000 }, () => {
  it('is tested against answers the shared contract accepts', () => {
    expect(reviewQueueSchema.safeParse(buildQueue()).success).toBe(true);
    expect(attemptTimelineSchema.safeParse(buildTimeline(ATTEMPT.ben, [flag(1, { evidenceIds: ['7d1f0c1e-0000-4000-8000-0000000000f1'] })])).success).toBe(true);
  });

  it('lists the attempts in the server’s order, with the summary and each state in words', async () => {
    setup();
    const list = await screen.findByRole('listbox', { name: 'Review queue' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Ben Okafor'), expect.stringContaining('Ana Lopez'), expect.stringContaining('Cy Park')]);
    const [ben, , cy] = options();
    expect(ben!.textContent).toContain('Needs review');
    expect(ben!.textContent).toContain('3 flags · 3 undecided · 0 confirmed');
    expect(ben!.textContent).toContain('Held: Under review');
    expect(cy!.textContent).toContain('Clear');
    expect(screen.getByRole('group', { name: 'Attempts' }).textContent).toContain('3');
    expect(screen.getByRole('group', { name: 'Held' }).textContent).toContain('2');
    expect(screen.getByRole('heading', { name: 'Chemistry Final: integrity review' })).toBeTruthy();
  });

  it('asks the server for one state and for the reviewer’s own part of the hall', async () => {
    const api = setup();
    await screen.findByRole('listbox');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'confirmed' } });
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('state') === 'confirmed')).toBe(true));
    fireEvent.click(screen.getByRole('switch', { name: /My part only/ }));
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('mine') === 'true' && c.url.searchParams.get('state') === 'confirmed')).toBe(true));
  });

  it('moves along the queue with the arrows and j / k (one tab stop), and Enter opens the attempt at its first undecided flag', async () => {
    setup();
    await screen.findByRole('listbox');
    expect(options().map((o) => o.tabIndex)).toEqual([0, -1, -1]);
    act(() => options()[0]!.focus());
    key('ArrowDown');
    expect(document.activeElement).toBe(options()[1]);
    key('j');
    expect(document.activeElement).toBe(options()[2]);
    key('k');
    key('ArrowUp');
    expect(document.activeElement).toBe(options()[0]);
    expect(options().map((o) => o.tabIndex)).toEqual([0, -1, -1]);

    key('Enter');
    await waitFor(() => expect(focusedFlag()).toBe('101'));
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Ben Okafor' })).toBeTruthy();
  });

  it('c confirms the flag in focus and focus moves to the next undecided flag; the decision is announced', async () => {
    const api = setup({ path: `/exam/${EXAM}/review` });
    await screen.findByRole('listbox');
    act(() => options()[0]!.focus());
    key('Enter');
    await waitFor(() => expect(focusedFlag()).toBe('101'));

    key('c');
    await waitFor(() => expect(decisions(api)).toHaveLength(1));
    expect(decisions(api)[0]!.path).toBe(`/attempts/${ATTEMPT.ben}/flags/101/decision`);
    expect(decisions(api)[0]!.body).toEqual({ decision: 'confirm' });
    await waitFor(() => expect(focusedFlag()).toBe('102'));
    expect(screen.getByTestId('review-announcer').textContent).toMatch(/^Confirmed: Tab switch at .+\. 2 undecided flags left\.$/);
    const first = screen.getAllByTestId('flag-card')[0]!;
    expect(within(first).getByTestId('flag-decision').textContent).toBe('Confirmed');
    expect(within(first).getByTestId('flag-history').textContent).toContain('Confirmed by Tess Ng');
  });

  it('d dismisses with the note written after e; the keys typed into the note decide nothing', async () => {
    const api = setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}` });
    await waitFor(() => expect(screen.getAllByTestId('flag-card')).toHaveLength(3));
    act(() => screen.getAllByTestId('flag-card')[1]!.focus());
    key('e');
    const note = screen.getAllByLabelText('Note (optional)')[1] as HTMLInputElement;
    expect(document.activeElement).toBe(note);
    for (const k of ['d', 'c', 'n', ']', '?']) key(k, note);
    fireEvent.change(note, { target: { value: 'A classmate walked behind' } });
    expect(decisions(api)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => screen.getAllByTestId('flag-card')[1]!.focus());
    key('d');
    await waitFor(() => expect(decisions(api)).toHaveLength(1));
    expect(decisions(api)[0]!.path).toBe(`/attempts/${ATTEMPT.ben}/flags/102/decision`);
    expect(decisions(api)[0]!.body).toEqual({ decision: 'dismiss', note: 'A classmate walked behind' });
    // Round the attempt: the next undecided flag after the second is the third.
    await waitFor(() => expect(focusedFlag()).toBe('103'));
  });

  it('n and p go from undecided flag to undecided flag, skipping decided ones', async () => {
    setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}`, flags: { ben: [flag(1), flag(2, { decision: 'dismiss' }), flag(3)] } });
    await waitFor(() => expect(screen.getAllByTestId('flag-card')).toHaveLength(3));
    act(() => screen.getAllByTestId('flag-card')[0]!.focus());
    key('n');
    expect(focusedFlag()).toBe('103');
    key('n');
    expect(focusedFlag()).toBe('101');
    key('p');
    expect(focusedFlag()).toBe('103');
  });

  it('n on the only undecided flag keeps it in hand, wherever focus was', async () => {
    setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}`, flags: { ben: [flag(1, { decision: 'dismiss' }), flag(2)] } });
    await waitFor(() => expect(screen.getAllByTestId('flag-card')).toHaveLength(2));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    key('n', document.body);
    expect(focusedFlag()).toBe('102');
    key('n');
    expect(focusedFlag()).toBe('102');
    act(() => screen.getAllByTestId('flag-card')[0]!.focus());
    key('n');
    expect(focusedFlag()).toBe('102');
  });

  it('when no undecided flag is left and nothing is confirmed, the next attempt of the queue opens', async () => {
    const api = setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}`, flags: { ben: [flag(1, { decision: 'dismiss' }), flag(2)] } });
    await waitFor(() => expect(screen.getAllByTestId('flag-card')).toHaveLength(2));
    act(() => screen.getAllByTestId('flag-card')[1]!.focus());
    key('d');
    await waitFor(() => expect(decisions(api)).toHaveLength(1));
    await waitFor(() => expect(options()[1]!.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Lopez' })).toBeTruthy();
    await waitFor(() => expect(focusedFlag()).toBe('104'));
    expect(api.calls.some((c) => c.path === `/attempts/${ATTEMPT.ana}/timeline`)).toBe(true);
  });

  it('offers the outcome only for a confirmed attempt, starting from the school’s default, and saves the choice', async () => {
    const api = setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}`, flags: { ben: [flag(1), flag(2, { decision: 'dismiss' })] } });
    await waitFor(() => expect(screen.getAllByTestId('flag-card')).toHaveLength(2));
    expect(screen.queryByTestId('outcome-form')).toBeNull();

    act(() => screen.getAllByTestId('flag-card')[0]!.focus());
    key('c');
    // The last undecided flag confirmed: focus goes to the outcome, on the school's default.
    const form = await screen.findByTestId('outcome-form');
    const zero = within(form).getByRole('radio', { name: /Set the result to zero \(the school’s default\)/ }) as HTMLInputElement;
    expect(zero.checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(zero));
    expect(screen.getByTestId('review-announcer').textContent).toContain('choose the outcome');

    fireEvent.click(within(form).getByRole('radio', { name: 'Withhold the result' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() => expect(api.callsTo('POST', `/attempts/${ATTEMPT.ben}/outcome`)).toHaveLength(1));
    expect(api.callsTo('POST', `/attempts/${ATTEMPT.ben}/outcome`)[0]!.body).toEqual({ outcome: 'withhold' });
  });

  it('] and [ open the next and previous attempts; ? lists the keys', async () => {
    setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}` });
    await waitFor(() => expect(screen.getAllByTestId('flag-card')).toHaveLength(3));
    key(']', document.body);
    await waitFor(() => expect(options()[1]!.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(focusedFlag()).toBe('104'));
    key('[');
    await waitFor(() => expect(options()[0]!.getAttribute('aria-selected')).toBe('true'));
    key('?', document.body);
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Next undecided flag');
  });

  it('shows a flag’s evidence as thumbnails, one enlarged on a click', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:evidence'), revokeObjectURL: vi.fn() }));
    const picture = '7d1f0c1e-0000-4000-8000-0000000000f1';
    const api = setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}`, flags: { ben: [flag(1, { kind: 'faces-multiple', evidenceIds: [picture] })] } });
    const thumb = await screen.findByRole('button', { name: /^Enlarge picture 1 of the flag Several faces at / });
    expect(api.callsTo('GET', `/evidence/${picture}`)).toHaveLength(1);
    fireEvent.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: /^Picture 1 of the flag Several faces at / });
    expect(within(dialog).getByTestId('evidence-image')).toBeTruthy();
  });

  it('shows the timeline in words, saves grouped, and the time per question', async () => {
    setup({ path: `/exam/${EXAM}/review?attempt=${ATTEMPT.ben}` });
    const table = await screen.findByRole('table', { name: 'Timeline of the attempt' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('Started the attempt');
    expect(rows[1]).toContain('3 saves of question 4');
    expect(rows[2]).toContain('After 1 min 5 s offline');
    expect(rows[3]).toContain('Tab switch');
    expect(rows.at(-1)).toContain('Time expired');
    const times = screen.getByRole('table', { name: 'Time per question' });
    expect(times.textContent).toContain('Question 4');
    expect(times.textContent).toContain('3 min 5 s');
  });
});

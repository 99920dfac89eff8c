import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { AttemptTimelinePage } from './AttemptTimelinePage';
import { ATTEMPT, buildTimeline, flag } from './test/builders';

// Many screens render at once on a busy machine: waits get more room than the default second.
configure({ asyncUtilTimeout: 5000 });

function setup(answer: { status?: number; body: unknown }) {
  const api = mockApi(buildUser({ role: 'student' }), [['GET', `/attempts/${ATTEMPT.ben}/timeline`, () => answer]]);
  renderApp(`/exam-result/${ATTEMPT.ben}/timeline`, [{ path: '/exam-result/:submissionId/timeline', element: <AttemptTimelinePage /> }]);
  return api;
}

describe('A student’s timeline of their own attempt', { timeout: 30_000 }, () => {
  it('reads the attempt in order, with no decisions to take', async () => {
    setup({ body: { success: true, data: { ...buildTimeline(ATTEMPT.ben, [flag(1, { decision: 'dismiss' })]), mayReview: false } } });
    expect(await screen.findByRole('heading', { name: 'Chemistry Final: timeline of your attempt' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Timeline of the attempt' })).getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('data-kind')).slice(1)).toEqual(['started', 'saves', 'reconnected', 'violation', 'submitted']);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the result' }).getAttribute('href')).toBe(`/exam-result/${ATTEMPT.ben}`);
  });

  it('says the timeline is not available when the server refuses it (result not out, or not theirs)', async () => {
    setup({ status: 403, body: { success: false, message: 'Forbidden' } });
    expect(await screen.findByText('This timeline is not available')).toBeTruthy();
  });
});

import { screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@exam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatePrefs } from '../../../lib/dateFormat';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildSubmission } from '../test/buildSubmission';
import { outcomeStatus } from '../../../lib/resultLabels';
import { ResultCard } from './ResultCard';

function show(overrides: Parameters<typeof buildSubmission>[0]) {
  mockApi(buildUser({ role: 'student' }));
  renderApp('/results', [{ path: '/results', element: <ResultCard submission={buildSubmission(overrides)} showStudent={false} /> }]);
}

// Mantine in jsdom: slow on a busy machine.
describe('ResultCard', { timeout: 15_000 }, () => {
  afterEach(() => setDatePrefs({ ...DEFAULT_SETTINGS.preferences }));

  it('shows a result with no outcome yet (isPassed null) as awaiting grading, never as failed', async () => {
    show({ isPassed: null, displayStatus: 'Reviewing' });
    expect(await screen.findByText('Awaiting grading')).toBeTruthy();
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('shows an attempt waiting for marks as "Waiting for marking" to its student, never a score', async () => {
    show({ status: 'submitted', isGraded: false, isPassed: null, resultsReleased: true, percentage: null, score: null, displayStatus: 'Reviewing' });
    expect((await screen.findByTestId('result-waiting')).textContent).toBe('Waiting for marking');
    expect(screen.queryByText('Results not released yet')).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('names the zone of the date it was submitted', async () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    show({ submittedAt: '2026-11-23T16:47:00.000Z' });
    expect(await screen.findByText(/· 23\/11\/2026 17:47 GMT\+1$/)).toBeTruthy();
  });

  it('shows a known fail as failed', async () => {
    show({ isPassed: false, percentage: 30, displayStatus: 'Failed' });
    expect(await screen.findByText('Failed')).toBeTruthy();
  });
});

describe('outcomeStatus', () => {
  it('reads no outcome as reviewing, and only false as failed', () => {
    expect([true, false, null, undefined].map(outcomeStatus)).toEqual(['passed', 'failed', 'reviewing', 'reviewing']);
  });
});

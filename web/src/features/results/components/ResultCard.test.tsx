import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

import { DEFAULT_SETTINGS, type StudentDashboard } from '@exam/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CanOpenProvider, RouteTableContext } from '../../app/routeTable';
import { setDatePrefs } from '../../lib/dateFormat';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { DashboardPage } from './DashboardPage';

// The live refresh needs a server to talk to; this test reads one answer.
vi.mock('../../api/socket', () => ({
  createSocket: () => ({ on: () => {}, connect: () => {}, disconnect: () => {}, removeAllListeners: () => {} }),
  keepConnected: () => () => {},
}));

const data: StudentDashboard = {
  stats: { totalExams: 1, completedExams: 0, averageScore: 0, pendingResults: 0 },
  upcomingExams: [{ _id: 'e1', title: 'Algebra', subject: 'mathematics', duration: 60, schedule: { startDate: '2026-11-23T16:47:00.000Z', endDate: '2026-11-23T18:47:00.000Z' }, attemptsLeft: 1 }],
  recentResults: [],
  notifications: [],
};

afterEach(() => setDatePrefs({ ...DEFAULT_SETTINGS.preferences }));

describe('the dashboard’s upcoming exams', { timeout: 15_000 }, () => {
  it('name the zone of each start, so a student abroad reads the right hour', async () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    mockApi(buildUser({ role: 'student' }), [
      ['GET', '/dashboard/student', () => ({ body: { success: true, data } })],
      ['GET', '/health', () => ({ body: { success: true } })],
    ]);
    const page = (
      <RouteTableContext.Provider value={[{ path: '/dashboard' }]}>
        <CanOpenProvider>
          <DashboardPage />
        </CanOpenProvider>
      </RouteTableContext.Provider>
    );
    renderApp('/dashboard', [{ path: '/dashboard', element: page }]);
    expect((await screen.findByTestId('upcoming-start-e1')).textContent).toBe('23/11/2026 17:47 GMT+1');
  });
});

import type { AdminDashboard, TeacherDashboard } from '@exam/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { CanOpenProvider, RouteTableContext } from '../../app/routeTable';
import { changeLanguage } from '../../i18n';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { AdminDashboardPage } from './AdminDashboardPage';
import { ACCOUNT_ACTIONS, ADMIN_SETTINGS_ACTION, QUICK_ACTIONS } from './quickActions';
import { TeacherDashboardPage } from './TeacherDashboardPage';

// The live refresh needs a server to talk to; these tests read one answer.
vi.mock('../../api/socket', () => ({
  createSocket: () => ({ on: () => {}, connect: () => {}, disconnect: () => {}, removeAllListeners: () => {} }),
  keepConnected: () => () => {},
}));

/** Every quick action's page, open to all: the app's guard is not what these tests read. */
const pages = [...Object.values(QUICK_ACTIONS).flat(), ADMIN_SETTINGS_ACTION, ...ACCOUNT_ACTIONS].map((a) => ({ path: a.to.split('#')[0]! }));
const withRouteTable = (page: ReactElement) => (
  <RouteTableContext.Provider value={pages}>
    <CanOpenProvider>{page}</CanOpenProvider>
  </RouteTableContext.Provider>
);

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const teacherData: TeacherDashboard = {
  stats: { totalExams: 4, activeExams: 2, totalStudents: 31, pendingGrading: 2 },
  upcomingExams: [
    { _id: 'e1', title: 'Fractions', subject: 'mathematics', duration: 45, schedule: { startDate: iso(-HOUR), endDate: iso(HOUR) }, isPublished: true, sittingNow: 1 },
    { _id: 'e2', title: 'Rivers', subject: 'geography', duration: 30, schedule: { startDate: iso(-HOUR), endDate: iso(2 * HOUR) }, isPublished: true, sittingNow: 3 },
    { _id: 'e3', title: 'Cells', subject: 'biology', duration: 30, schedule: { startDate: iso(47.5 * HOUR), endDate: iso(50 * HOUR) }, isPublished: false, sittingNow: 0 },
  ],
  pendingGrading: [{ _id: 'a1', exam: { _id: 'e2', title: 'Rivers' }, student: { _id: 's1', name: 'Ada Lee', firstName: 'Ada', lastName: 'Lee' }, submittedAt: iso(-5 * 60_000) }],
  // As the server writes it for a German reader (it translates its own lines).
  recentActivity: [{ icon: 'graded', message: 'Ada Lee hat in Fractions 80 % (B) erreicht', timestamp: iso(-HOUR), link: '/exam-result/a0' }],
};

describe('TeacherDashboardPage', { timeout: 15_000 }, () => {
  it('reads in German: figures, who is sitting now, what waits for marks, activity and quick actions', async () => {
    await changeLanguage('de');
    mockApi(buildUser({ role: 'teacher' }), [['GET', '/dashboard/teacher', () => ({ body: { success: true, data: teacherData } })]]);
    renderApp('/teacher/dashboard', [{ path: '/teacher/dashboard', element: withRouteTable(<TeacherDashboardPage />) }]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht für Lehrkräfte' }, { timeout: 5_000 })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Zu bewerten' })).getByText('2')).toBeTruthy();
    expect(screen.getByTestId('sitting-e1').textContent).toBe('1 schreibt gerade');
    expect(screen.getByTestId('sitting-e2').textContent).toBe('3 schreiben gerade');
    expect(screen.getByRole('link', { name: 'Aufsichtsansicht für „Fractions“' })).toBeTruthy();
    const upcoming = screen.getByTestId('upcoming-exams');
    expect(within(upcoming).getByText(/^Noch 1 Tag 23 Std\. bis zum Beginn · Entwurf$/)).toBeTruthy();
    const pending = screen.getByTestId('pending-grading');
    expect(within(pending).getByRole('heading', { name: 'Zu bewerten (2)' })).toBeTruthy();
    expect(within(pending).getByText('Rivers · abgegeben: vor 5 Minuten')).toBeTruthy();
    expect(within(pending).getByRole('link', { name: '„Rivers“ von Ada Lee bewerten' }).textContent).toBe('Bewerten');
    expect(within(screen.getByTestId('recent-activity')).getByText('Ada Lee hat in Fractions 80 % (B) erreicht')).toBeTruthy();
    expect(within(screen.getByTestId('quick-actions')).getByRole('heading', { name: 'Schnellzugriff' })).toBeTruthy();
    expect(within(screen.getByTestId('quick-actions')).getByRole('link', { name: /^Abgaben bewerten/ }).textContent).toBe('Abgaben bewertenAufsätze, die auf Ihre Bewertung warten.');
    expect(document.title).toBe('Übersicht für Lehrkräfte · ExamPortal');
  });
});

const adminData: AdminDashboard = {
  stats: { totalUsers: 1234, totalStudents: 1000, totalTeachers: 30, totalParents: 204, totalExams: 12, activeExams: 3, totalSubmissions: 540, pendingGrading: 7 },
  recentUsers: [],
  recentExams: [{ _id: 'e1', title: 'Fractions', subject: 'mathematics', duration: 45, schedule: { startDate: iso(HOUR), endDate: iso(2 * HOUR) }, isPublished: false, owner: 'Lina Live', createdBy: { firstName: 'Lina', lastName: 'Live' } }],
  trends: [],
  systemHealth: {
    status: 'degraded',
    uptime: 90_061,
    memory: { heapUsed: 55_094_800, heapTotal: 104_857_600 },
    nodes: [
      {
        nodeId: 'web-1',
        status: 'degraded',
        problems: ['Latenz der Datenbank: 812 ms.'],
        uptime: 90_061,
        memory: { heapUsed: 55_094_800, heapTotal: 104_857_600, rss: 0 },
        sockets: 12,
        dbLatencyMs: 812,
        redis: 'not-configured',
        sweeperLagMs: 1_500,
        oldestOverdueSeconds: 0,
        reportedAt: iso(0),
      },
    ],
  },
  contactMessages: [],
};

describe('AdminDashboardPage', { timeout: 15_000 }, () => {
  it('reads in German: figures with German digits, system health per node, and empty states', async () => {
    await changeLanguage('de');
    mockApi(buildUser({ role: 'admin' }), [['GET', '/dashboard/admin', () => ({ body: { success: true, data: adminData } })]]);
    renderApp('/admin/dashboard', [{ path: '/admin/dashboard', element: withRouteTable(<AdminDashboardPage />) }]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Verwaltungsübersicht' }, { timeout: 5_000 })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Benutzer insgesamt' })).getByText('1.234')).toBeTruthy();
    expect(screen.getByTestId('health-status').textContent).toBe('eingeschränkt');
    const health = screen.getByTestId('system-health');
    expect(within(health).getByText('Laufzeit: 1 T. 1 Std. 1 Min.')).toBeTruthy();
    expect(within(health).getByText('Speicher: 52,54 MB von 100,00 MB')).toBeTruthy();
    const row = within(within(health).getByRole('table', { name: 'Knoten' })).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'web-1', 'eingeschränkt', '1 T. 1 Std. 1 Min.', '52,54', '12', '812 ms', 'nicht eingerichtet', '1,5 s', 'keine',
    ]);
    expect(within(health).getByText('Latenz der Datenbank: 812 ms.')).toBeTruthy();
    expect(within(screen.getByTestId('recent-exams')).getByText('Mathematik · von Lina Live · Entwurf')).toBeTruthy();
    expect(within(screen.getByTestId('recent-users')).getByText('Noch keine Benutzer.')).toBeTruthy();
    expect(within(screen.getByTestId('trend-activity')).getByText('Keine Verlaufsdaten.')).toBeTruthy();
    expect(within(screen.getByTestId('contact-messages')).getByText('Keine Nachrichten über das Kontaktformular.')).toBeTruthy();
  });
});

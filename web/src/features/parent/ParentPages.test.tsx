import type { Child, ChildProgress, ParentDashboard } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ChildProgressPage, chartData } from './ChildProgressPage';
import { ChildrenPage } from './ChildrenPage';
import { ParentDashboardPage } from './ParentDashboardPage';
import { ParentReportsPage } from './ParentReportsPage';

const KID = '11111111-1111-4111-8111-111111111111';
const ASKED = '22222222-2222-4222-8222-222222222222';
const parent = buildUser({ role: 'parent' });

const child = (over: Partial<Child> = {}): Child => ({
  _id: KID,
  linkId: 'l1',
  firstName: 'Ada',
  lastName: 'Lee',
  name: 'Ada Lee',
  email: 'ada@school.test',
  avatar: null,
  grade: 10,
  section: 'B',
  relationship: 'mother',
  linkStatus: 'accepted',
  requestedAt: '2026-11-01T10:00:00.000Z',
  stats: { totalExams: 2, averageScore: 75, bestScore: 100, recentScore: 100, performance: 75, performanceLabel: 'Average', lastExamDate: '2026-11-20T10:00:00.000Z' },
  performance: 75,
  ...over,
});
const pending = child({ _id: ASKED, linkId: 'l2', name: 'Bo Lee', firstName: 'Bo', email: 'bo@school.test', linkStatus: 'pending', stats: null, performance: null, grade: null, section: null });

const dashboard = (children: Child[]): ParentDashboard => ({
  children,
  summary: { totalChildren: 1, totalExams: 2, averagePerformance: 75, activeChildren: 1 },
  recentActivities: [{ childId: KID, childName: 'Ada Lee', submissionId: 's1', examTitle: 'Fractions', subject: 'mathematics', score: 50, grade: 'C', date: '2026-11-20T10:00:00.000Z' }],
});

const submission = (i: number) => ({ _id: `s${i}`, examId: `e${i}`, examTitle: `Exam ${i}`, subject: 'mathematics', percentage: 50 + i, score: i, totalMarks: 20, grade: 'C', isPassed: true, date: '2026-11-20T10:00:00.000Z' });
const progress = (n: number): ChildProgress => ({
  child: { _id: KID, name: 'Ada Lee', email: 'ada@school.test', grade: 10 },
  range: 'all',
  stats: { totalExams: n, averageScore: 60, bestScore: 70, passRate: 100 },
  submissions: Array.from({ length: n }, (_, i) => submission(n - i)),
  subjects: [],
  insights: { strengths: [], improvements: [] },
});

// Full pages in jsdom with Mantine: the first render of a file is slow on a busy machine.
describe('ParentDashboardPage', { timeout: 15_000 }, () => {
  it('selects the first child, shows the summary and recent activity, and marks a request as awaiting confirmation', async () => {
    mockApi(parent, [['GET', '/parent/dashboard', () => ({ body: { success: true, data: dashboard([child(), pending]) } })]]);
    renderApp('/parent/dashboard', [{ path: '/parent/dashboard', element: <ParentDashboardPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Ada Lee: Performance' })).toBeTruthy();
    expect(screen.getByTestId('stat-average-performance').textContent).toBe('75%');
    expect(within(screen.getByTestId('recent-activities')).getByText('50% (C)')).toBeTruthy();
    const cards = screen.getAllByTestId('child-card');
    expect(cards[1]!.textContent).toContain('Awaiting confirmation');
  });

  it('shows each child’s avatar, initials without one, and no e-mail line where the child keeps it private', async () => {
    const pictured = child({ avatar: '/uploads/avatars/0123456789abcdef0123456789abcdef.webp', email: null });
    mockApi(parent, [['GET', '/parent/dashboard', () => ({ body: { success: true, data: dashboard([pictured, pending]) } })]]);
    renderApp('/parent/dashboard', [{ path: '/parent/dashboard', element: <ParentDashboardPage /> }]);
    await screen.findByRole('heading', { name: 'Ada Lee: Performance' });
    const [ada, bo] = screen.getAllByTestId('child-card');
    expect(within(ada!).getByTestId('person-avatar').querySelector('img')?.getAttribute('src')).toBe(pictured.avatar);
    expect(ada!.textContent).not.toContain('null');
    expect(within(bo!).getByTestId('person-avatar').textContent).toBe('BL');
    expect(bo!.textContent).toContain('bo@school.test');
  });

  it('speaks French to a French parent: headings, figures, subjects and the performance word', async () => {
    await changeLanguage('fr');
    mockApi(parent, [['GET', '/parent/dashboard', () => ({ body: { success: true, data: dashboard([child(), pending]) } })]]);
    renderApp('/parent/dashboard', [{ path: '/parent/dashboard', element: <ParentDashboardPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Ada Lee : résultats' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tableau de bord parent' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un enfant' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Résultat moyen' }).textContent).toMatch(/75\s%/);
    const [ada, bo] = screen.getAllByTestId('child-card');
    expect(ada!.textContent).toContain('Lié');
    expect(ada!.textContent).toMatch(/2 examens · moyenne 75\s% · Moyen/);
    expect(bo!.textContent).toContain('En attente de l’acceptation de votre enfant.');
    const activity = screen.getByTestId('recent-activities');
    expect(within(activity).getByRole('columnheader', { name: 'Enfant' })).toBeTruthy();
    expect(within(activity).getByText('Mathématiques')).toBeTruthy();
    expect(within(activity).getByText(/^50\s% \(C\)$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir la progression' })).toBeTruthy();
  });

  it('words the performance from the server’s figure, and says No exams yet where it is null', async () => {
    const fresh = child({ _id: 'kid-2', linkId: 'l3', name: 'Cy Lee', firstName: 'Cy', performance: null, stats: { totalExams: 0, averageScore: 0, bestScore: 0, recentScore: null, performance: null, performanceLabel: 'No exams yet', lastExamDate: null } });
    mockApi(parent, [['GET', '/parent/dashboard', () => ({ body: { success: true, data: dashboard([child({ performance: 92, stats: { ...child().stats!, performance: 92, performanceLabel: 'Excellent' } }), fresh]) } })]]);
    renderApp('/parent/dashboard', [{ path: '/parent/dashboard', element: <ParentDashboardPage /> }]);
    await screen.findByRole('heading', { name: 'Ada Lee: Performance' });
    expect(screen.getByTestId('stat-performance').textContent).toBe('Excellent');
    fireEvent.click(within(screen.getAllByTestId('child-card')[1]!).getByRole('button', { name: /Cy Lee|Select/ }));
    await screen.findByRole('heading', { name: 'Cy Lee: Performance' });
    expect(screen.getByTestId('stat-performance').textContent).toBe('No exams yet');
  });

  it('says the dashboard failed and tries again', async () => {
    let fail = true;
    mockApi(parent, [['GET', '/parent/dashboard', () => (fail ? { status: 500, body: { success: false } } : { body: { success: true, data: dashboard([child()]) } })]]);
    renderApp('/parent/dashboard', [{ path: '/parent/dashboard', element: <ParentDashboardPage /> }]);
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lee: Performance' })).toBeTruthy();
  });
});

describe('ChildrenPage', { timeout: 15_000 }, () => {
  it('falls back to the dashboard call on 404 and removes a child after the confirmation', async () => {
    let removed = false;
    const api = mockApi(parent, [
      ['GET', '/parent/children', () => ({ status: 404, body: { success: false, message: 'Not found' } })],
      ['GET', '/parent/dashboard', () => ({ body: { success: true, data: dashboard(removed ? [] : [child()]) } })],
      [
        'DELETE',
        `/parent/child/${KID}/remove`,
        () => {
          removed = true;
          return { body: { success: true, message: 'Child removed successfully' } };
        },
      ],
    ]);
    renderApp('/parent/children', [{ path: '/parent/children', element: <ChildrenPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ada Lee' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-message').textContent).toBe('Are you sure you want to remove this child?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Child removed successfully')).toBeTruthy();
    expect(api.callsTo('DELETE', `/parent/child/${KID}/remove`)).toHaveLength(1);
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
  });

  it('asks for both fields before adding a child', async () => {
    const api = mockApi(parent, [['GET', '/parent/children', () => ({ body: { success: true, data: { children: [] } } })]]);
    renderApp('/parent/children', [{ path: '/parent/children', element: <ChildrenPage /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Child' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText("Child's email"), { target: { value: 'ada@school.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Child' }));
    expect((await within(dialog).findByTestId('add-child-error')).textContent).toBe('Please fill in all fields');
    expect(api.callsTo('POST', '/parent/add-child')).toHaveLength(0);
  });
});

describe('ChildProgressPage', () => {
  it('charts the last 10 submissions, oldest first', () => {
    const data = chartData(progress(12).submissions);
    expect(data).toHaveLength(10);
    expect(data[0]).toEqual({ exam: '1. Exam 3', Score: 53 });
    expect(data[9]).toEqual({ exam: '10. Exam 12', Score: 62 });
  });

  it('goes back to the dashboard for a child that is not (or no longer) linked', async () => {
    mockApi(parent, [['GET', `/parent/child/${KID}/progress`, () => ({ status: 404, body: { success: false, message: 'Child not found.' } })]]);
    const { router } = renderApp(`/parent/child/${KID}/progress`, [
      { path: '/parent/child/:childId/progress', element: <ChildProgressPage /> },
      { path: '/parent/dashboard', element: <p>Dashboard</p> },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/parent/dashboard'));
  });

  it('says progress failed to load otherwise', async () => {
    mockApi(parent, [['GET', `/parent/child/${KID}/progress`, () => ({ status: 500, body: { success: false } })]]);
    renderApp(`/parent/child/${KID}/progress`, [{ path: '/parent/child/:childId/progress', element: <ChildProgressPage /> }]);
    expect(await screen.findByText('Failed to load progress data')).toBeTruthy();
  });
});

// The reports page renders three selects and a table; on a busy machine it takes seconds in jsdom.
describe('ParentReportsPage', () => {
  it('refuses to export an empty report', { timeout: 20_000 }, async () => {
    mockApi(parent, [
      ['GET', '/parent/children', () => ({ body: { success: true, data: { children: [child()] } } })],
      ['GET', `/parent/child/${KID}/progress`, () => ({ body: { success: true, data: progress(0) } })],
    ]);
    renderApp('/parent/reports', [{ path: '/parent/reports', element: <ParentReportsPage /> }]);
    expect(await screen.findByText('No results in this period yet.', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByText('No data to export')).toBeTruthy();
  });

  it('asks for the chosen time range and says when the report fails', { timeout: 20_000 }, async () => {
    const api = mockApi(parent, [
      ['GET', '/parent/children', () => ({ body: { success: true, data: { children: [child()] } } })],
      ['GET', `/parent/child/${KID}/progress`, ({ url }) => (url.searchParams.get('range') === 'this-year' ? { status: 500, body: { success: false } } : { body: { success: true, data: progress(2) } })],
    ]);
    renderApp('/parent/reports', [{ path: '/parent/reports', element: <ParentReportsPage /> }]);
    expect(await screen.findByText('Exam 2', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Time range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'This year' }));
    expect(await screen.findByText('Failed to load report data', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(api.calls.some((c) => c.url.searchParams.get('range') === 'this-year')).toBe(true);
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { SchedulePage } from './SchedulePage';

const stats = { total: 0, upcoming: 0, ongoing: 0, completed: 0, published: 0, draft: 0 };
const listOf = (exams: ReturnType<typeof buildExam>[]) => ({
  body: { success: true, data: { exams, currentPage: 1, total: exams.length, totalPages: 1, stats } },
});

function renderSchedule(role: 'student' | 'teacher', byStatus: Record<string, ReturnType<typeof buildExam>[]>) {
  const api = mockApi(buildUser({ role }), [['GET', '/exams', ({ url }) => listOf(byStatus[url.searchParams.get('status') ?? 'all'] ?? [])]]);
  renderApp('/schedule', [{ path: '/schedule', element: <SchedulePage /> }]);
  return api;
}

describe('SchedulePage', () => {
  it("says 'No Exams Scheduled' when a tab is empty", async () => {
    renderSchedule('student', {});
    expect(await screen.findByText('No Exams Scheduled')).toBeTruthy();
  });

  it("gives students 'Take Exam' on the Active tab and 'View Result' on the Past tab", async () => {
    const api = renderSchedule('student', {
      ongoing: [buildExam({ state: 'ongoing' })],
      completed: [
        buildExam({ _id: 'e2', title: 'Physics Quiz', state: 'completed', userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, lastSubmissionId: 's2' } }),
        buildExam({ _id: 'e3', title: 'Missed Quiz', state: 'completed' }),
      ],
    });
    await screen.findByText('No Exams Scheduled');
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    const active = await screen.findByRole('article', { name: 'Algebra Practice Test' });
    expect(within(active).getByRole('link', { name: 'Take Exam' }).getAttribute('href')).toBe('/exam/e1');
    expect(within(active).getByText(/5 questions · 12 points/)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    const past = await screen.findByRole('article', { name: 'Physics Quiz' });
    expect(within(past).getByRole('link', { name: 'View Result' }).getAttribute('href')).toBe('/exam-result/s2');
    // An exam the student never sat has no result to offer.
    const missed = screen.getByRole('article', { name: 'Missed Quiz' });
    expect(within(missed).queryByRole('link')).toBeNull();
    const lastCall = api.calls.filter((c) => c.path === '/exams').at(-1)!;
    expect(Object.fromEntries(lastCall.url.searchParams)).toMatchObject({ status: 'completed', sort: '-startTime', limit: '100' });
  });

  it("gives teachers 'Manage'", async () => {
    renderSchedule('teacher', { upcoming: [buildExam()] });
    const item = await screen.findByRole('article', { name: 'Algebra Practice Test' });
    expect(within(item).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/exam/e1/questions');
  });
});

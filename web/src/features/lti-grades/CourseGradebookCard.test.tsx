import type { GradePost, LtiExamLink } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { CourseGradebookCard } from './CourseGradebookCard';

const ok = (data: unknown) => ({ body: { success: true, data } });
const LINK = '11111111-1111-4111-8111-111111111111';
const ATTEMPT = '22222222-2222-4222-8222-222222222222';

const link = (over: Partial<LtiExamLink> = {}): LtiExamLink => ({
  id: LINK,
  platformName: 'School Moodle',
  contextTitle: 'Physics 10B',
  rosterSyncedAt: '2030-01-01T09:00:00.000Z',
  rosterError: null,
  grades: { pending: 0, sent: 3, failed: 1 },
  ...over,
});

const failedPost: GradePost = {
  attemptId: ATTEMPT,
  studentName: 'Nadia Student',
  platformName: 'School Moodle',
  status: 'failed',
  gradingProgress: 'FullyGraded',
  scoreGiven: 6,
  scoreMaximum: 7,
  tries: 8,
  lastError: 'Score post: HTTP 500 gradebook unavailable',
  sentAt: null,
  nextTryAt: null,
};

function serve(links: LtiExamLink[], posts: GradePost[] = []) {
  let current = { links, posts };
  return mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/lti/exams/e1/links', () => ok({ links: current.links })],
    ['GET', '/lti/exams/e1/grade-posts', () => ok({ posts: current.posts })],
    [
      'POST',
      '/lti/exams/e1/grade-posts/retry',
      () => {
        current = {
          links: current.links.map((l) => ({ ...l, grades: { ...l.grades, pending: l.grades.failed, failed: 0 } })),
          posts: current.posts.map((p) => ({ ...p, status: 'pending' as const, tries: 0 })),
        };
        return { body: { success: true, message: 'The failed grade posts will be sent again now.', data: { retried: 1 } } };
      },
    ],
    [
      'POST',
      `/lti/links/${LINK}/roster-sync`,
      () => {
        current = { ...current, links: current.links.map((l) => ({ ...l, rosterError: 'Roster request: HTTP 403 forbidden' })) };
        return ok({ link: current.links[0] });
      },
    ],
  ]);
}

const open = () => renderApp('/exam', [{ path: '/exam', element: <CourseGradebookCard exam={{ _id: 'e1', myRole: 'owner' }} /> }]);

describe('the exam’s course gradebook card', { timeout: 30_000 }, () => {
  it('shows each course with its roster’s last sync and its scores counted, and names the failed ones with their error', async () => {
    serve([link()], [failedPost]);
    open();
    const card = await screen.findByRole('region', { name: 'Course gradebook' });
    const course = within(card).getByRole('article', { name: 'Physics 10B' });
    expect(within(course).getByText('School Moodle')).toBeTruthy();
    expect(within(course).getByText(/^Roster last synced /)).toBeTruthy();
    expect(within(course).getByText('Sent: 3')).toBeTruthy();
    expect(within(course).getByText('Failed: 1')).toBeTruthy();
    const failed = await within(card).findByRole('region', { name: 'Scores the LMS did not take' });
    expect(within(failed).getByRole('listitem').textContent).toBe('Nadia Student (School Moodle): Score post: HTTP 500 gradebook unavailable');
  });

  it('retries the failed scores and syncs a roster on request, showing what the LMS answered', async () => {
    const api = serve([link()], [failedPost]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST', '/lti/exams/e1/grade-posts/retry')).toHaveLength(1));
    expect(await screen.findByText('The failed grade posts will be sent again now.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scores the LMS did not take' })).toBeNull());
    expect(await screen.findByText('Waiting: 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sync roster now' }));
    await waitFor(() => expect(api.callsTo('POST', `/lti/links/${LINK}/roster-sync`)).toHaveLength(1));
    expect((await screen.findByTestId('roster-error')).textContent).toBe('The last roster sync failed: Roster request: HTTP 403 forbidden');
  });

  it('is not there for an exam no course links to', async () => {
    const api = serve([]);
    open();
    await waitFor(() => expect(api.callsTo('GET', '/lti/exams/e1/links')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Course gradebook' })).toBeNull();
    expect(api.callsTo('GET', '/lti/exams/e1/grade-posts')).toHaveLength(0);
  });
});

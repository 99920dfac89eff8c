import { DEFAULT_SETTINGS, type Exam, type Role } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDatePrefs } from '../../../lib/dateFormat';
import { buildExam } from '../test/buildExam';
import { ExamCard } from './ExamCard';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function renderCard(exam: Exam, role: Role, handlers: { onPublish?: () => void; onDelete?: () => void } = {}) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ExamCard exam={exam} role={role} now={NOW} {...handlers} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('article', { name: exam.title });
}

/** Every control of the card's action row, as "name → href" or "name (disabled)". */
function actions(card: HTMLElement): string[] {
  return [...within(card).queryAllByRole('link'), ...within(card).queryAllByRole('button')].map((el) => {
    const name = el.textContent?.trim();
    if (el.tagName === 'A') return `${name} → ${el.getAttribute('href')}`;
    return (el as HTMLButtonElement).disabled ? `${name} (disabled)` : String(name);
  });
}

describe('ExamCard actions per role', () => {
  it("gives a student 'Take Exam' on an ongoing exam", () => {
    expect(actions(renderCard(buildExam({ state: 'ongoing', now: NOW }), 'student'))).toEqual(['Take Exam → /exam/e1']);
  });

  it('lets a student retry while attempts remain', () => {
    const exam = buildExam({
      _id: 'e2',
      title: 'Retry',
      state: 'ongoing',
      now: NOW,
      settings: { ...buildExam().settings, allowMultipleAttempts: true, maxAttempts: 3 },
      userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2 },
    });
    expect(actions(renderCard(exam, 'student'))).toEqual(['Attempt 2 → /exam/e2']);
  });

  it("offers 'View Result', opening the student's submission, once the only attempt is used", () => {
    const exam = buildExam({ state: 'ongoing', now: NOW, userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, lastSubmissionId: 's1' } });
    expect(actions(renderCard(exam, 'student'))).toEqual(['View Result → /exam-result/s1']);
  });

  it("shows a student a disabled countdown before the start, 'View Result' after the end of a sat exam, and no results for one never sat", () => {
    expect(actions(renderCard(buildExam({ state: 'upcoming', now: NOW }), 'student'))).toEqual(['Not Started · Starts in 2 days (disabled)']);
    const sat = { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, lastSubmissionId: 's3' };
    expect(actions(renderCard(buildExam({ _id: 'e3', title: 'Done', state: 'completed', now: NOW, userAttempts: sat }), 'student'))).toEqual([
      'View Result → /exam-result/s3',
    ]);
    expect(actions(renderCard(buildExam({ _id: 'e4', title: 'Missed', state: 'completed', now: NOW }), 'student'))).toEqual(['Not Attempted (disabled)']);
  });

  it('gives a teacher Publish while unpublished and Delete while upcoming', () => {
    const card = renderCard(buildExam({ state: 'upcoming', now: NOW, isPublished: false }), 'teacher');
    expect(actions(card)).toEqual([
      'Edit → /exam/e1/edit',
      'Questions → /exam/e1/questions',
      'Submissions → /exam/e1/submissions',
      'Results → /exam/results/e1',
      'Preview → /exam/e1/preview',
      'Publish',
      'Delete',
    ]);
    expect(within(card).getByTestId('exam-unpublished').textContent).toBe('Unpublished');
    expect(within(card).getByTestId('exam-status').textContent).toBe('UPCOMING');
  });

  it('drops Publish once published and Delete once started, for teachers and admins alike', () => {
    for (const role of ['teacher', 'admin'] as const) {
      const card = renderCard(buildExam({ _id: role, title: `Live for ${role}`, state: 'ongoing', now: NOW }), role);
      expect(actions(card).map((a) => a.split(' →')[0])).toEqual(['Edit', 'Questions', 'Submissions', 'Results', 'Proctor', 'Integrity review', 'Preview']);
      expect(actions(card)).toContain(`Integrity review → /exam/${role}/review`);
      expect(within(card).queryByTestId('exam-unpublished')).toBeNull();
      expect(within(card).getByTestId('exam-status').textContent).toBe('ONGOING');
      expect(within(card).getByTestId('exam-countdown').textContent).toBe('3 h left');
    }
  });

  it('calls back for Publish and Delete instead of acting on its own', () => {
    const onPublish = vi.fn();
    const onDelete = vi.fn();
    const card = renderCard(buildExam({ state: 'upcoming', now: NOW, isPublished: false }), 'teacher', { onPublish, onDelete });
    fireEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(onPublish).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('gives a parent the View Progress link only', () => {
    expect(actions(renderCard(buildExam({ state: 'ongoing', now: NOW }), 'parent'))).toEqual(['View Progress → /parent/dashboard']);
  });

  it('links a parent to the progress of the child the exam is for', () => {
    expect(actions(renderCard(buildExam({ state: 'ongoing', now: NOW, forChildren: ['kid-1'] }), 'parent'))).toEqual(['View Progress → /parent/child/kid-1/progress']);
  });

  it('shows a duration over an hour as hours and minutes', () => {
    const card = renderCard(buildExam({ duration: 90 }), 'student');
    expect(within(card).getByText('1h 30m')).toBeTruthy();
  });
});

describe('ExamCard schedule', () => {
  afterEach(() => setDatePrefs({ ...DEFAULT_SETTINGS.preferences }));

  it('names the zone of its times, so a student in Berlin does not read them as another clock', () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    const exam = buildExam({ state: 'upcoming', now: NOW });
    const card = renderCard({ ...exam, schedule: { ...exam.schedule, startDate: '2026-11-23T16:47:00.000Z', endDate: '2026-11-23T18:47:00.000Z' } }, 'student');
    expect(within(card).getByText('Starts 23/11/2026 17:47 GMT+1 · Ends 23/11/2026 19:47 GMT+1')).toBeTruthy();
  });

  it('says EST for an account on the first short zone names', () => {
    setDatePrefs({ timezone: 'EST', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' });
    const exam = buildExam({ state: 'upcoming', now: NOW });
    const card = renderCard({ ...exam, schedule: { ...exam.schedule, startDate: '2026-11-23T16:47:00.000Z', endDate: '2026-11-23T18:47:00.000Z' } }, 'student');
    expect(within(card).getByText('Starts 11/23/2026 11:47 AM EST · Ends 11/23/2026 1:47 PM EST')).toBeTruthy();
  });
});

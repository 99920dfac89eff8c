import type { ExamRole } from '@exam/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { AdminExamDetailsPage } from '../admin/exams/AdminExamDetailsPage';
import { buildExam } from '../exams/test/buildExam';

const ok = (data: unknown) => ({ body: { success: true, data } });

function examPage(myRole: ExamRole | undefined, role: 'teacher' | 'admin' = 'teacher') {
  const exam = { ...buildExam({ state: 'upcoming', now: Date.now(), isPublished: true, myRole }), _id: 'e1', questions: [] };
  const api = mockApi(buildUser({ role }), [
    ['GET', '/exams/e1', () => ok({ exam })],
    ['GET', '/exams/e1/accommodations', () => ok({ accommodations: [] })],
  ]);
  renderApp('/admin/exams/e1', [{ path: '/admin/exams/:examId', element: <AdminExamDetailsPage /> }]);
  return api;
}

// Accommodations carry staff notes about students' needs: the exam's manager sees them, its hall staff do not.
describe('the exam page’s Accommodations section', { timeout: 15_000 }, () => {
  it('is there for the exam’s owner', async () => {
    examPage('owner');
    expect(await screen.findByText('No student of this exam has an accommodation.')).toBeTruthy();
    expect(screen.getByTestId('exam-accommodations')).toBeTruthy();
  });

  it('is there for an admin', async () => {
    examPage(undefined, 'admin');
    expect(await screen.findByText('No student of this exam has an accommodation.')).toBeTruthy();
  });

  it('is not there for a proctor of the exam, who never asks for it', async () => {
    const api = examPage('proctor');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('exam-accommodations')).toBeNull();
    expect(api.callsTo('GET', '/exams/e1/accommodations')).toHaveLength(0);
  });
});

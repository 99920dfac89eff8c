import type { Exam, ExamRole } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { AdminExamDetailsPage } from '../admin/exams/AdminExamDetailsPage';
import { ExamCard } from '../exams/components/ExamCard';
import { buildExam } from '../exams/test/buildExam';

const NOW = Date.now();

function card(exam: Exam) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ExamCard exam={exam} role="teacher" now={NOW} />
      </MemoryRouter>
    </MantineProvider>,
  );
  const article = screen.getByRole('article', { name: exam.title });
  return within(article)
    .queryAllByRole('link')
    .map((a) => `${a.textContent?.trim()} → ${a.getAttribute('href')}`);
}

describe('an exam a teacher shares the hall of (issue 53)', () => {
  const ongoing = (myRole: ExamRole) => buildExam({ state: 'ongoing', now: NOW, isPublished: true, myRole });

  it('a proctor’s card offers the board and the results, nothing that edits the exam, and names their role', () => {
    expect(card(ongoing('proctor'))).toEqual(['Results → /exam/results/e1', 'Proctor → /exam/e1/proctor']);
    expect(screen.getByTestId('exam-my-role').textContent).toBe('Proctor');
  });

  it('a reviewer’s card offers the review and the results, not the board', () => {
    const links = card(ongoing('reviewer'));
    expect(links[0]).toBe('Results → /exam/results/e1');
    expect(links.some((l) => l.endsWith('/exam/e1/review'))).toBe(true);
    expect(links.some((l) => l.endsWith('/proctor') || l.endsWith('/edit') || l.endsWith('/preview'))).toBe(false);
  });

  it('a marker’s card offers marking and the results, neither the board nor the review, and names their role', () => {
    expect(card({ ...ongoing('marker'), myMarks: true })).toEqual(['Results → /exam/results/e1', 'Mark answers → /exam/e1/marking']);
    expect(screen.getByTestId('exam-my-role').textContent).toBe('Marker');
  });

  it('the owner’s exam page links to its proctors and reviewers; a proctor’s does not, nor to editing', async () => {
    const ok = (data: unknown) => ({ body: { success: true, data } });
    mockApi(buildUser({ role: 'teacher' }), [['GET', '/exams/e1', () => ok({ exam: { ...ongoing('owner'), questions: [] } })]]);
    const owner = renderApp('/admin/exams/e1', [{ path: '/admin/exams/:examId', element: <AdminExamDetailsPage /> }]);
    expect((await screen.findByRole('link', { name: 'Proctors and reviewers' })).getAttribute('href')).toBe('/exam/e1/staff');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    owner.unmount();

    mockApi(buildUser({ role: 'teacher' }), [['GET', '/exams/e1', () => ok({ exam: ongoing('proctor') })]]);
    renderApp('/admin/exams/e1', [{ path: '/admin/exams/:examId', element: <AdminExamDetailsPage /> }]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Proctors and reviewers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('link', { name: /Proctor/ }).getAttribute('href')).toBe('/exam/e1/proctor');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildExam } from '../test/buildExam';
import { ExamPreviewPage, previewNotice } from './ExamPreviewPage';

const questions = [
  { _id: 'q1', text: 'What is $1 + 1$?', type: 'multiple-choice', points: 1, marks: 1, options: ['1', '2', '3'], image: null },
  { _id: 'q2', text: 'Explain photosynthesis.', type: 'essay', points: 5, marks: 5, options: [], image: null },
];

function setup() {
  const api = mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam({ title: 'Biology quiz' }) } } })],
    ['GET', '/exams/e1/preview', () => ({ body: { success: true, data: { exam: buildExam(), questions } } })],
  ]);
  renderApp('/exam/e1/preview', [{ path: '/exam/:examId/preview', element: <ExamPreviewPage /> }]);
  return api;
}

// The exam screen's controls render slowly in jsdom on a busy machine.
describe('ExamPreviewPage', { timeout: 30_000 }, () => {
  it('shows the student question screen under a clear preview label, and sends nothing while answering', async () => {
    const api = setup();
    expect(await screen.findByText(previewNotice())).toBeTruthy();
    expect(previewNotice()).toBe('Preview — no answers are recorded');
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your answer to question 2'), { target: { value: 'Light into sugar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark for review' }));
    expect(screen.getByRole('button', { name: /^Question 2: .*marked for review$/ })).toBeTruthy();
    // Only reads: no attempt started, no answer saved, no submit offered.
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Submit Exam' })).toBeNull();
  });

  it('shows the partial-credit types with their controls, and counts an answered one in the palette', async () => {
    mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })],
      [
        'GET',
        '/exams/e1/preview',
        () => ({
          body: {
            success: true,
            data: {
              exam: buildExam(),
              questions: [
                { _id: 'm1', text: 'Match each animal with its class.', type: 'matching', points: 2, marks: 2, options: ['Bird', 'Mammal'], stems: ['Cat', 'Eagle'], image: null },
                { _id: 'r1', text: 'Which numbers are prime?', type: 'multiple-response', points: 2, marks: 2, options: ['2', '4'], image: null },
              ],
            },
          },
        }),
      ],
    ]);
    renderApp('/exam/e1/preview', [{ path: '/exam/:examId/preview', element: <ExamPreviewPage /> }]);
    const cat = await screen.findByRole('combobox', { name: 'Cat' });
    expect(screen.getByText('Matching')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 1: not answered' })).toBeTruthy();
    fireEvent.change(cat, { target: { value: 'Mammal' } });
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '2' }));
    expect(screen.getByRole('button', { name: 'Question 2: answered' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '2' }));
    expect(screen.getByRole('button', { name: 'Question 2: not answered' })).toBeTruthy();
  });

  it('explains a refused preview instead of showing an empty screen', async () => {
    mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams/e1', () => ({ status: 403, body: { success: false, message: 'Access denied. You do not have permission.' } })],
      ['GET', '/exams/e1/preview', () => ({ status: 403, body: { success: false, message: 'Access denied. You do not have permission.' } })],
    ]);
    renderApp('/exam/e1/preview', [{ path: '/exam/:examId/preview', element: <ExamPreviewPage /> }]);
    expect(await screen.findByText(/The preview could not be loaded/)).toBeTruthy();
  });
});

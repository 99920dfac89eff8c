import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { EditExamPage } from '../pages/EditExamPage';
import { buildExam } from '../test/buildExam';
import { CreateExamPage } from '../wizard/CreateExamPage';

const teacher = buildUser({ role: 'teacher', grade: null, section: null });
const SWITCH = /Results wait for the integrity review/;
const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const wallIn = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString().slice(0, 16);

configure({ asyncUtilTimeout: 5000 });

describe('The exam’s “Results wait for the integrity review” switch', { timeout: 30_000 }, () => {
  it('shows what the exam holds in the edit form and saves the teacher’s change', async () => {
    const exam = buildExam({ settings: { ...EXAM_SETTINGS_DEFAULTS, resultsWaitForReview: false } });
    const api = mockApi(teacher, [
      ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam } } })],
      ['PUT', '/exams/e1', () => ({ body: { success: true, data: { exam } } })],
    ]);
    renderApp('/exam/e1/edit', [
      { path: '/exam/:examId/edit', element: <EditExamPage /> },
      { path: '/exams', element: <p>Exams screen</p> },
    ]);
    const toggle = (await screen.findByRole('switch', { name: SWITCH })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(/attempts with undecided flags stay “Under review”/)).toBeTruthy();
    fireEvent.click(toggle);
    click('Update Exam');
    await waitFor(() => expect(api.callsTo('PUT', '/exams/e1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/exams/e1')[0]!.body).toMatchObject({ settings: { resultsWaitForReview: true } });
  });

  it('is offered when creating an exam, named on the review step and sent with the exam', async () => {
    const api = mockApi(teacher, [['POST', '/exams', () => ({ status: 201, body: { success: true, data: { exam: { _id: 'e1' } } } })]]);
    renderApp('/create-exam', [
      { path: '/create-exam', element: <CreateExamPage /> },
      { path: '/exams', element: <p>Exams screen</p> },
    ]);
    const toggle = (await screen.findByRole('switch', { name: SWITCH })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    change(/^Title/, 'Algebra mid-term');
    change(/^Description/, 'Linear equations and inequalities');
    change(/^Subject/, 'mathematics');
    change(/^Grade/, '10');
    change(/^Start Date & Time/, wallIn(24));
    change(/^End Date & Time/, wallIn(27));
    click('Next');
    await screen.findByRole('group', { name: 'New Question' });
    change('Question Text', 'What is 7 multiplied by 6?');
    change('Option 1', '42');
    change('Option 2', '36');
    change('Correct Answer', '42');
    click('Add Question');
    click('Next');
    const line = await screen.findByText('Results wait for the integrity review');
    expect(line.parentElement?.textContent).toContain('Yes');
    click('Create Exam');
    await waitFor(() => expect(api.callsTo('POST', '/exams')).toHaveLength(1));
    expect(api.callsTo('POST', '/exams')[0]!.body).toMatchObject({ settings: { resultsWaitForReview: true } });
  });
});

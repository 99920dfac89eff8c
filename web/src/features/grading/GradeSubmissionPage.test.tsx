import { GRADING_MSG, type SubmissionDetail } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildAnswer, buildDetail, essayAnswer, QID } from '../results/test/buildSubmission';
import { GradeSubmissionPage } from './GradeSubmissionPage';
import { ANONYMOUS_KEY } from './useAnonymousMode';

const reviewing = (): SubmissionDetail => {
  const detail = buildDetail(
    { status: 'submitted', displayStatus: 'Reviewing', isGraded: false, isPassed: null, score: 5, percentage: 50, pendingAnswers: 1 },
    [buildAnswer({ autoMarks: 5, correctAnswer: '42' }), essayAnswer({ sampleAnswer: 'Light energy makes glucose.' })],
    { showCorrectAnswers: true },
  );
  return { ...detail, history: [] };
};

function setup(routes: Parameters<typeof mockApi>[1] = []) {
  const api = mockApi(buildUser({ role: 'teacher' }), [['GET', '/submissions/s1', () => ({ body: { success: true, data: reviewing() } })], ...routes]);
  const app = renderApp('/grade-submission/s1', [
    { path: '/grade-submission/:submissionId', element: <GradeSubmissionPage /> },
    { path: '/exam/:examId/submissions', element: <p>Submissions list</p> },
  ]);
  return { api, app };
}

describe('Grading screen', () => {
  it('shows the essay with the student’s answer and the sample answer, and objective answers with their automatic marks', async () => {
    setup();
    const essay = await screen.findByRole('article', { name: 'Question 2' });
    expect(within(essay).getByTestId('student-answer').textContent).toBe('Plants turn light into sugar.');
    expect(within(essay).getByText('Light energy makes glucose.')).toBeTruthy();
    const mc = screen.getByRole('article', { name: 'Question 1' });
    expect(within(mc).getByTestId('auto-marks').textContent).toBe('Automatic marks: 5 / 5');
    expect(within(mc).getByLabelText(/Override marks for question 1/)).toBeTruthy();
  });

  it('refuses marks above the question’s points without calling the server', async () => {
    const { api } = setup();
    const marks = await screen.findByLabelText(/^Marks for question 2/);
    fireEvent.change(marks, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Grades' }));
    expect(await screen.findByText(`${GRADING_MSG.marksAbovePoints} (5)`)).toBeTruthy();
    expect(api.callsTo('PUT', '/submissions/s1/grade')).toHaveLength(0);
  });

  it('saves only the changed marks with their feedback', async () => {
    const graded = buildDetail({}, [buildAnswer(), essayAnswer({ marks: 4, status: 'incorrect', feedback: 'Mention chlorophyll.' })]);
    const { api } = setup([['PUT', '/submissions/s1/grade', () => ({ body: { success: true, message: 'Grades saved successfully!', data: graded } })]]);
    fireEvent.change(await screen.findByLabelText(/^Marks for question 2/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Feedback for question 2'), { target: { value: ' Mention chlorophyll. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Grades' }));
    expect(await screen.findByText('Grades saved successfully!')).toBeTruthy();
    expect(api.callsTo('PUT', '/submissions/s1/grade')[0]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 4, feedback: 'Mention chlorophyll.' }] });
  });

  it('hides the student’s name and submission time in anonymous mode, and remembers the choice', async () => {
    setup();
    const who = await screen.findByTestId('grading-student');
    expect(who.textContent).toContain('Asha Rao');
    fireEvent.click(screen.getByRole('switch', { name: /Anonymous grading/ }));
    await waitFor(() => expect(screen.getByTestId('grading-student').textContent).not.toContain('Asha'));
    const text = screen.getByTestId('grading-student').textContent!;
    expect(text).not.toContain('asha@example.com');
    expect(text).not.toContain('Submitted');
    expect(document.body.textContent).not.toContain('Asha Rao');
    expect(localStorage.getItem(ANONYMOUS_KEY)).toBe('true');
  });

  it('starts anonymous when the teacher chose it before', async () => {
    localStorage.setItem(ANONYMOUS_KEY, 'true');
    setup();
    expect((await screen.findByTestId('grading-student')).textContent).toContain('Student hidden');
    expect(document.body.textContent).not.toContain('Asha Rao');
  });

  it('Save & Next goes to the next submission waiting for grading', async () => {
    const { api, app } = setup([
      ['PUT', '/submissions/s1/grade', () => ({ body: { success: true, data: buildDetail() } })],
      ['GET', '/submissions', () => ({ body: { success: true, data: { submissions: [{ _id: 's1' }, { _id: 's2' }], currentPage: 1, total: 2, totalPages: 1 } } })],
      ['GET', '/submissions/s2', () => ({ body: { success: true, data: reviewing() } })],
    ]);
    fireEvent.change(await screen.findByLabelText(/^Marks for question 2/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Next Ungraded' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/grade-submission/s2'));
    const query = api.calls.find((c) => c.path === '/submissions')!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ examId: 'e1', status: 'reviewing', sortOrder: 'asc' });
  });
});

import { MARKING_MSG, type SubmissionAnswer, type SubmissionDetail } from '@exam/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildAnswer, buildDetail, essayAnswer, QID } from '../results/test/buildSubmission';
import { GradeSubmissionPage } from './GradeSubmissionPage';
import { RUBRIC } from './marking/test/fixtures';

const reviewing = (essay: Partial<SubmissionAnswer> = {}, extra: Partial<SubmissionDetail> = {}): SubmissionDetail => ({
  ...buildDetail({ status: 'submitted', displayStatus: 'Reviewing', isGraded: false, isPassed: null, pendingAnswers: 1 }, [
    buildAnswer({ autoMarks: 5, markVersion: 1 }),
    essayAnswer({ markVersion: 0, ...essay }),
  ]),
  history: [],
  ...extra,
});

function setup(first: SubmissionDetail, routes: Parameters<typeof mockApi>[1] = [], later?: SubmissionDetail) {
  let reads = 0;
  const api = mockApi(buildUser({ role: 'teacher' }), [['GET', '/submissions/s1', () => ({ body: { success: true, data: reads++ === 0 || !later ? first : later } })], ...routes]);
  renderApp('/grade-submission/s1', [{ path: '/grade-submission/:submissionId', element: <GradeSubmissionPage /> }]);
  return api;
}

const essayCard = () => screen.findByRole('article', { name: 'Question 2' });

configure({ asyncUtilTimeout: 5000 });

describe('Grading a whole attempt (issue 55)', { timeout: 20_000 }, () => {
  it('marks an essay with its rubric and sends the levels, their marks and the version read', async () => {
    const api = setup(reviewing({ rubric: RUBRIC }), [['PUT', '/submissions/s1/grade', () => ({ body: { success: true, data: buildDetail() } })]]);
    const essay = within(await essayCard());
    expect(essay.queryByLabelText(/^Marks for question 2/)).toBeNull();
    fireEvent.click(essay.getByLabelText('3. Complete (3)'));
    fireEvent.click(essay.getByLabelText('2. Clear (1)'));
    expect(essay.getByTestId('rubric-total').textContent).toBe('Total: 4 / 5');
    fireEvent.click(screen.getByRole('button', { name: 'Save Grades' }));
    await waitFor(() => expect(api.callsTo('PUT', '/submissions/s1/grade')).toHaveLength(1));
    expect(api.callsTo('PUT', '/submissions/s1/grade')[0]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 4, rubric: { content: 'c2', style: 's1' }, version: 0 }] });
  });

  it('a second save of the same answer goes against the version the first one made, not the one first read', async () => {
    const saved = reviewing({ marks: 2, status: 'partial', markVersion: 1 });
    const api = setup(reviewing(), [['PUT', '/submissions/s1/grade', () => ({ body: { success: true, data: saved } })]], saved);
    fireEvent.change(await screen.findByLabelText(/^Marks for question 2/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Grades' }));
    await waitFor(() => expect(api.callsTo('PUT', '/submissions/s1/grade')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText(/^Marks for question 2/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Grades' }));
    await waitFor(() => expect(api.callsTo('PUT', '/submissions/s1/grade')).toHaveLength(2));
    expect(api.callsTo('PUT', '/submissions/s1/grade').map((c) => (c.body as { grades: { version?: number }[] }).grades[0]!.version)).toEqual([0, 1]);
  });

  it('when another teacher saved first: shows the message and their marks, keeps this teacher’s, and “Use mine” saves them with the new version', async () => {
    let puts = 0;
    const api = setup(
      reviewing(),
      [['PUT', '/submissions/s1/grade', () => (puts++ === 0 ? { status: 409, body: { success: false, message: MARKING_MSG.markedMeanwhile } } : { body: { success: true, data: buildDetail() } })]],
      reviewing({ marks: 3, feedback: 'Their note.', status: 'partial', markVersion: 1 }),
    );
    fireEvent.change(await screen.findByLabelText(/^Marks for question 2/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Feedback for question 2'), { target: { value: 'Mine.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Grades' }));
    const conflict = await screen.findByTestId('marking-conflict');
    expect(conflict.textContent).toContain(MARKING_MSG.markedMeanwhile);
    expect(within(conflict).getByTestId('marking-conflict-mine').textContent).toBe('Your unsaved marks: 4 · Mine.');
    expect((screen.getByLabelText(/^Marks for question 2/) as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Feedback for question 2') as HTMLTextAreaElement).value).toBe('Their note.');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Use mine' }));
    await waitFor(() => expect(api.callsTo('PUT', '/submissions/s1/grade')).toHaveLength(2));
    expect(api.callsTo('PUT', '/submissions/s1/grade')[1]!.body).toEqual({ grades: [{ questionId: QID.essay, marks: 4, feedback: 'Mine.', version: 1 }] });
  });

  it('hides the student’s name when the exam is marked anonymously', async () => {
    setup(reviewing({}, { anonymousMarking: true }));
    expect((await screen.findByTestId('grading-student')).textContent).toContain('Student hidden');
    expect(document.body.textContent).not.toContain('Asha Rao');
    expect((screen.getByRole('switch', { name: /Anonymous grading/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('inserts a saved comment into an answer’s feedback and saves feedback as a new comment', async () => {
    const api = setup(reviewing(), [
      [
        'GET',
        '/marking-comments',
        () => ({ body: { success: true, data: { comments: [{ id: 'k1', text: 'Cite a source.', useCount: 1, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' }] } } }),
      ],
      [
        'POST',
        '/marking-comments/k1/use',
        () => ({ body: { success: true, data: { comment: { id: 'k1', text: 'Cite a source.', useCount: 2, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' } } } }),
      ],
      [
        'POST',
        '/marking-comments',
        ({ body }) => ({
          status: 201,
          body: { success: true, data: { comment: { id: 'k2', text: (body as { text: string }).text, useCount: 0, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' } } },
        }),
      ],
    ]);
    const essay = within(await essayCard());
    const box = essay.getByLabelText('Feedback for question 2') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Clear.' } });
    fireEvent.click(essay.getByRole('button', { name: 'Save as comment' }));
    await waitFor(() => expect(api.callsTo('POST', '/marking-comments')).toHaveLength(1));
    expect(api.callsTo('POST', '/marking-comments')[0]!.body).toEqual({ text: 'Clear.' });
    fireEvent.click(essay.getByRole('button', { name: 'Insert saved comment' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cite a source.' }));
    await waitFor(() => expect(box.value).toBe('Clear. Cite a source.'));
    await waitFor(() => expect(api.callsTo('POST', '/marking-comments/k1/use')).toHaveLength(1));
  });

  it('deletes a saved comment after a confirmation', async () => {
    const api = setup(reviewing(), [
      [
        'GET',
        '/marking-comments',
        () => ({ body: { success: true, data: { comments: [{ id: 'k1', text: 'Cite a source.', useCount: 1, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z' }] } } }),
      ],
      ['DELETE', '/marking-comments/k1', () => ({ body: { success: true } })],
    ]);
    const essay = within(await essayCard());
    fireEvent.click(essay.getByRole('button', { name: 'Saved comments' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete comment: Cite a source.' }));
    expect((await screen.findByTestId('confirm-message')).textContent).toContain('Cite a source.');
    expect(api.callsTo('DELETE', '/marking-comments/k1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/marking-comments/k1')).toHaveLength(1));
  });
});

import type { MarkingOverview } from '@exam/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { MarkingOverviewPage } from './MarkingOverviewPage';
import { EXAM } from './test/fixtures';

const long = 'Explain how plants turn light into sugar, naming the pigment that absorbs the light and the gas they take in from the air around them.';

function setup(overview: MarkingOverview) {
  mockApi(buildUser({ role: 'teacher' }), [['GET', '/exams/e1/marking', () => ({ body: { success: true, data: overview } })]]);
  renderApp('/exam/e1/marking', [{ path: '/exam/:examId/marking', element: <MarkingOverviewPage /> }]);
}

describe('Marking overview', () => {
  it('lists each hand-marked question with how many answers are left and a way in', async () => {
    setup({
      exam: EXAM,
      questions: [
        { questionId: 'q2', index: 2, text: long, type: 'essay', points: 5, hasRubric: true, answers: 20, marked: 8, left: 12 },
        { questionId: 'q4', index: 4, text: 'Define osmosis.', type: 'essay', points: 1, hasRubric: false, answers: 20, marked: 20, left: 0 },
      ],
    });
    const q2 = await screen.findByRole('article', { name: 'Question 2' });
    expect(within(q2).getByTestId('marking-question-left').textContent).toBe('12 of 20 left');
    expect(within(q2).getByText('Rubric')).toBeTruthy();
    expect(within(q2).getByText('5 points')).toBeTruthy();
    expect(q2.textContent).toContain('…');
    expect(q2.textContent).not.toContain('around them');
    expect(within(q2).getByRole('link', { name: 'Mark this question' }).getAttribute('href')).toBe('/exam/e1/marking/q2');
    const q4 = screen.getByRole('article', { name: 'Question 4' });
    expect(within(q4).queryByText('Rubric')).toBeNull();
    expect(within(q4).getByTestId('marking-question-left').textContent).toBe('0 of 20 left');
    expect(screen.queryByTestId('marking-all-done')).toBeNull();
  });

  it('says all answers are marked when none is left', async () => {
    setup({ exam: EXAM, questions: [{ questionId: 'q4', index: 4, text: 'Define osmosis.', type: 'essay', points: 1, hasRubric: false, answers: 3, marked: 3, left: 0 }] });
    expect((await screen.findByTestId('marking-all-done')).textContent).toBe('All answers marked');
  });
});

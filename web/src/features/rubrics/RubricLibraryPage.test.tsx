import type { Rubric, RubricTemplate } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { RubricLibraryPage } from './RubricLibraryPage';

const RUBRIC: Rubric = {
  criteria: [
    { id: 'c1', title: 'Argument', description: '', levels: [{ id: 'l1', title: 'Weak', description: '', points: 0 }, { id: 'l2', title: 'Strong', description: '', points: 3 }] },
    { id: 'c2', title: 'Style', description: '', levels: [{ id: 'l3', title: 'Unclear', description: '', points: 0 }, { id: 'l4', title: 'Clear', description: '', points: 2 }] },
  ],
};
const template = (over: Partial<RubricTemplate> = {}): RubricTemplate => ({
  id: 'r1',
  title: 'Essay basics',
  rubric: RUBRIC,
  maxPoints: 5,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});

/** A library the mocked server keeps, so what the page shows after a change is what it asked for. */
function setup(start: RubricTemplate[]) {
  let rubrics = [...start];
  const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
  const api = mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/rubrics', () => ok({ rubrics })],
    [
      'POST',
      '/rubrics',
      ({ body }) => {
        const made = template({ id: 'r-new', ...(body as Pick<RubricTemplate, 'title' | 'rubric'>), maxPoints: 1 });
        rubrics = [...rubrics, made];
        return ok({ rubric: made }, 201);
      },
    ],
    [
      'PUT',
      /^\/rubrics\/[^/]+$/,
      ({ body, url }) => {
        const id = url.pathname.split('/').pop()!;
        rubrics = rubrics.map((r) => (r.id === id ? { ...r, ...(body as object) } : r));
        return ok({ rubric: rubrics.find((r) => r.id === id) });
      },
    ],
    [
      'DELETE',
      /^\/rubrics\/[^/]+$/,
      ({ url }) => {
        rubrics = rubrics.filter((r) => r.id !== url.pathname.split('/').pop());
        return { body: { success: true } };
      },
    ],
  ]);
  renderApp('/rubrics', [{ path: '/rubrics', element: <RubricLibraryPage /> }]);
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('the rubric library', { timeout: 30_000 }, () => {
  it('lists the teacher’s rubrics with their criteria and total points', async () => {
    setup([template()]);
    const table = await screen.findByRole('table', { name: 'My rubrics' });
    const row = within(table).getByRole('row', { name: /Essay basics/ });
    expect(row.textContent).toContain('Argument, Style');
    expect(row.textContent).toContain('5 points');
  });

  it('creates a rubric with a title and criteria', async () => {
    const api = setup([]);
    expect(await screen.findByText(/No rubrics yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New rubric' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rubric' });
    // Saving with nothing typed tells what is missing, and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rubric' }));
    expect(within(dialog).getByText('Give the rubric a title')).toBeTruthy();
    expect(api.callsTo('POST', '/rubrics')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Rubric title'), { target: { value: 'Lab reports' } });
    fireEvent.change(within(dialog).getByLabelText('Criterion 1 title'), { target: { value: 'Method' } });
    fireEvent.change(within(dialog).getByLabelText('Level 1 title'), { target: { value: 'Missing' } });
    fireEvent.change(within(dialog).getByLabelText('Level 2 title'), { target: { value: 'Complete' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(api.callsTo('POST', '/rubrics')).toHaveLength(1));
    expect(api.callsTo('POST', '/rubrics')[0]!.body).toMatchObject({
      title: 'Lab reports',
      rubric: { criteria: [{ title: 'Method', levels: [{ title: 'Missing', points: 0 }, { title: 'Complete', points: 1 }] }] },
    });
    expect(await screen.findByRole('row', { name: /Lab reports/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits a rubric: the form opens with it, and the change is sent whole', async () => {
    const api = setup([template()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rubric Essay basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rubric' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Rubric title').value).toBe('Essay basics');
    expect(within(dialog).getByTestId('rubric-total').textContent).toBe('Rubric total: 5 points');
    fireEvent.change(within(dialog).getByLabelText('Rubric title'), { target: { value: 'Essays, year 10' } });
    fireEvent.click(within(dialog).getByTestId('rubric-add-level-1'));
    fireEvent.change(within(within(dialog).getByRole('group', { name: 'Criterion 2' })).getByLabelText('Level 3 title'), { target: { value: 'Elegant' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(api.callsTo('PUT', '/rubrics/r1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/rubrics/r1')[0]!.body).toMatchObject({
      title: 'Essays, year 10',
      rubric: { criteria: [{ id: 'c1' }, { id: 'c2', levels: [{ id: 'l3' }, { id: 'l4' }, { title: 'Elegant', points: 3 }] }] },
    });
    expect(await screen.findByRole('row', { name: /Essays, year 10/ })).toBeTruthy();
  });

  it('deletes a rubric after saying the questions keep their copies', async () => {
    const api = setup([template()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete rubric Essay basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete rubric' });
    expect(within(dialog).getByTestId('confirm-message').textContent).toBe('Delete the rubric “Essay basics”? Questions that use a copy keep it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/rubrics/r1')).toHaveLength(1));
    expect(await screen.findByText(/No rubrics yet/)).toBeTruthy();
  });
});

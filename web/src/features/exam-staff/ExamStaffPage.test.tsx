import type { ExamStaffMember } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { ExamStaffPage } from './ExamStaffPage';

const ok = (data: unknown) => ({ body: { success: true, data } });
const HUGO = '11111111-1111-4111-8111-111111111111';
const IDA = '22222222-2222-4222-8222-222222222222';
const PUPIL = '33333333-3333-4333-8333-333333333333';

const member = (over: Partial<ExamStaffMember> = {}): ExamStaffMember => ({
  userId: HUGO,
  name: 'Hugo Hall',
  email: 'hugo@school.test',
  proctors: true,
  reviews: true,
  marks: false,
  sections: [],
  studentIds: [],
  addedAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

/** The owner's page: one member, the picker's teachers, the exam's students; every write echoes the member. */
function serve(staff: ExamStaffMember[], role: 'owner' | 'proctor' = 'owner') {
  let current = staff;
  return mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ok({ exam: buildExam({ myRole: role }) })],
    ['GET', '/exams/e1/staff', () => ok({ staff: current })],
    ['GET', '/exams/e1/staff/candidates', ({ url }) => ok({ candidates: (url.searchParams.get('q') ?? '').toLowerCase().startsWith('id') || !url.searchParams.get('q') ? [{ userId: IDA, name: 'Ida Iversen', email: 'ida@school.test' }] : [] })],
    ['GET', '/exams/e1/staff/students', () => ok({ students: [{ id: PUPIL, name: 'Pia Pupil', section: 'C' }] })],
    [
      'PUT',
      /^\/exams\/e1\/staff\/[\w-]+$/,
      ({ url, body }) => {
        const userId = url.pathname.split('/').pop()!;
        const updated = { ...(current.find((m) => m.userId === userId) ?? member({ userId, name: 'Ida Iversen', email: 'ida@school.test' })), ...(body as object) };
        current = [...current.filter((m) => m.userId !== userId), updated];
        return ok({ member: updated });
      },
    ],
    [
      'DELETE',
      /^\/exams\/e1\/staff\/[\w-]+$/,
      ({ url }) => {
        current = current.filter((m) => m.userId !== url.pathname.split('/').pop());
        return ok({});
      },
    ],
  ]);
}

const open = () => renderApp('/exam/e1/staff', [{ path: '/exam/:examId/staff', element: <ExamStaffPage /> }]);

describe('the exam’s proctors and reviewers page', { timeout: 30_000 }, () => {
  it('adds a teacher found by name with the searchable picker, as proctor and reviewer of the whole hall', async () => {
    const api = serve([]);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Proctors and reviewers' })).toBeTruthy();
    expect(await screen.findByTestId('staff-empty')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Teacher' });
    // Typed, as a person does: Mantine takes a change to an input without focus for autofill.
    picker.focus();
    fireEvent.change(picker, { target: { value: 'Ida' } });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/exams/e1/staff/candidates' && c.url.searchParams.get('q') === 'Ida')).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: 'Ida Iversen · ida@school.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('PUT', `/exams/e1/staff/${IDA}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/exams/e1/staff/${IDA}`)[0]!.body).toEqual({ proctors: true, reviews: true, marks: false, sections: [], studentIds: [] });
    expect(await screen.findByText('Ida Iversen now shares the hall')).toBeTruthy();
    const added = await screen.findByRole('listitem', { name: 'Ida Iversen' });
    expect(within(added).getByTestId('whole-hall').textContent).toBe('Whole hall');
  });

  it('changes what a member does and their part at once, keeping the rest, and removes them after asking', async () => {
    const api = serve([member()]);
    open();
    const hugo = await screen.findByRole('listitem', { name: 'Hugo Hall' });
    const put = () => api.callsTo('PUT', `/exams/e1/staff/${HUGO}`);

    fireEvent.click(within(hugo).getByRole('switch', { name: 'Hugo Hall reviews' }));
    await waitFor(() => expect(put()).toHaveLength(1));
    expect(put()[0]!.body).toEqual({ proctors: true, reviews: false, marks: false, sections: [], studentIds: [] });
    // The last duty left cannot be switched off: a member with nothing to do is removed instead.
    await waitFor(() => expect(within(hugo).getByRole('switch', { name: 'Hugo Hall proctors' })).toHaveProperty('disabled', true));

    // A teacher may also mark the exam's answers with its owner (issue 55).
    fireEvent.click(within(hugo).getByRole('switch', { name: 'Hugo Hall marks' }));
    await waitFor(() => expect(put()).toHaveLength(2));
    expect(put()[1]!.body).toEqual({ proctors: true, reviews: false, marks: true, sections: [], studentIds: [] });
    // With marking on, proctoring is no longer the last duty: it can be switched off.
    await waitFor(() => expect(within(hugo).getByRole('switch', { name: 'Hugo Hall proctors' })).toHaveProperty('disabled', false));
    fireEvent.click(within(hugo).getByRole('switch', { name: 'Hugo Hall marks' }));
    await waitFor(() => expect(put()).toHaveLength(3));

    const sections = within(hugo).getByRole('group', { name: 'Sections of Hugo Hall\'s part' });
    fireEvent.click(within(sections).getByRole('checkbox', { name: 'Section A' }));
    await waitFor(() => expect(put()).toHaveLength(4));
    expect(put()[3]!.body).toEqual({ proctors: true, reviews: false, marks: false, sections: ['A'], studentIds: [] });

    fireEvent.click(within(hugo).getByRole('combobox', { name: 'Students of Hugo Hall\'s part' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pia Pupil · C' }));
    await waitFor(() => expect(put()).toHaveLength(5));
    expect(put()[4]!.body).toEqual({ proctors: true, reviews: false, marks: false, sections: ['A'], studentIds: [PUPIL] });

    fireEvent.click(within(hugo).getByRole('button', { name: 'Remove Hugo Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Hugo Hall?' });
    expect(api.callsTo('DELETE', `/exams/e1/staff/${HUGO}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/exams/e1/staff/${HUGO}`)).toHaveLength(1));
    expect(await screen.findByText('Hugo Hall no longer shares the hall')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Hugo Hall' })).toBeNull());
  });

  it('says the server’s reason when a change is refused', async () => {
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams/e1', () => ok({ exam: buildExam({ myRole: 'owner' }) })],
      ['GET', '/exams/e1/staff', () => ok({ staff: [member()] })],
      ['GET', '/exams/e1/staff/candidates', () => ok({ candidates: [] })],
      ['GET', '/exams/e1/staff/students', () => ok({ students: [] })],
      ['PUT', `/exams/e1/staff/${HUGO}`, () => ({ status: 400, body: { success: false, message: 'A part of the hall can list students only.' } })],
    ]);
    open();
    const hugo = await screen.findByRole('listitem', { name: 'Hugo Hall' });
    fireEvent.click(within(hugo).getByRole('checkbox', { name: 'Section B' }));
    expect(await screen.findByText('A part of the hall can list students only.')).toBeTruthy();
    expect(api.callsTo('PUT', `/exams/e1/staff/${HUGO}`)).toHaveLength(1);
  });

  it('is closed to a teacher who only proctors the exam', async () => {
    serve([member()], 'proctor');
    open();
    expect((await screen.findByTestId('staff-error')).textContent).toBe('Only the exam\'s owner or an admin manages its proctors and reviewers.');
  });
});

import { NO_ACCOMMODATION, type Accommodation, type StudentAccommodation } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ExamAccommodationsSection } from './ExamAccommodationsSection';

const teacher = buildUser({ _id: 't1', role: 'teacher' });
const ASHA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const own: Accommodation = { ...NO_ACCOMMODATION, timeMultiplier: 1.5, restBreakMinutes: 10 };
const examOwn: Accommodation = { ...NO_ACCOMMODATION, largerText: true, waivedChecks: ['voice'] };

/** A fake server that keeps the exam's own per student, over the students' standing ones. */
function examServer() {
  const examSet = new Map<string, Accommodation>([[BEN, examOwn]]);
  const standing = new Map<string, Accommodation>([[ASHA, own]]);
  const names: Record<string, string> = { [ASHA]: 'Asha Rao', [BEN]: 'Ben Ode' };
  const row = (id: string): StudentAccommodation => ({
    studentId: id,
    studentName: names[id]!,
    standing: standing.get(id) ?? null,
    exam: examSet.get(id) ?? null,
    effective: examSet.get(id) ?? standing.get(id) ?? NO_ACCOMMODATION,
    updatedAt: null,
    updatedBy: null,
  });
  const api = mockApi(teacher, [
    ['GET', '/exams/e1/accommodations', () => ({ body: { success: true, data: { accommodations: [ASHA, BEN].filter((id) => examSet.has(id) || standing.has(id)).map(row) } } })],
    [
      'GET',
      '/exams/e1/staff/students',
      () => ({
        body: {
          success: true,
          data: {
            students: [
              { id: ASHA, name: 'Asha Rao', section: 'A' },
              { id: BEN, name: 'Ben Ode', section: null },
            ],
          },
        },
      }),
    ],
    [
      'PUT',
      /^\/exams\/e1\/accommodations\/[\w-]+$/,
      ({ url, body }) => {
        const id = url.pathname.split('/').pop()!;
        examSet.set(id, body as Accommodation);
        return { body: { success: true, data: row(id) } };
      },
    ],
    [
      'DELETE',
      /^\/exams\/e1\/accommodations\/[\w-]+$/,
      ({ url }) => {
        const id = url.pathname.split('/').pop()!;
        examSet.delete(id);
        return { body: { success: true, data: row(id) } };
      },
    ],
  ]);
  renderApp('/exam/e1', [{ path: '/exam/:examId', element: <ExamAccommodationsSection examId="e1" examMinutes={60} /> }]);
  return api;
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('ExamAccommodationsSection', { timeout: 15_000 }, () => {
  it('lists each student with what applies and where it comes from', async () => {
    examServer();
    const section = await screen.findByTestId('exam-accommodations');
    await within(section).findByRole('cell', { name: 'Asha Rao' });
    expect(rowOf('Asha Rao').textContent).toContain('Extra time 1.5× · Rest breaks 10 min');
    expect(rowOf('Asha Rao').textContent).toContain("Student's own");
    expect(rowOf('Ben Ode').textContent).toContain('Waived: Voice check · Larger text');
    expect(rowOf('Ben Ode').textContent).toContain('This exam');
  });

  it('sets an accommodation for a student picked from the exam’s students', async () => {
    const api = examServer();
    await screen.findByRole('cell', { name: 'Asha Rao' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Set for this exam' })[0]!);
    const picker = (await screen.findByLabelText('Student of the exam')) as HTMLSelectElement;
    // Saving before choosing says what is missing.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a student of the exam')).toBeTruthy();
    fireEvent.change(picker, { target: { value: ASHA } });
    fireEvent.change(screen.getByLabelText('Extra time'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Accommodation of Asha Rao set for this exam')).toBeTruthy();
    expect(api.callsTo('PUT', `/exams/e1/accommodations/${ASHA}`)[0]!.body).toMatchObject({ timeMultiplier: 2 });
    await waitFor(() => expect(rowOf('Asha Rao').textContent).toContain('This exam'));
    expect(rowOf('Asha Rao').textContent).toContain('Extra time 2×');
  });

  it('takes a student back to their own accommodation', async () => {
    const api = examServer();
    await screen.findByRole('cell', { name: 'Ben Ode' });
    expect(within(rowOf('Asha Rao')).queryByRole('button', { name: /Back to the student/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Back to the student's own: Ben Ode" }));
    expect(await screen.findByText('Ben Ode is back to their own accommodation')).toBeTruthy();
    expect(api.callsTo('DELETE', `/exams/e1/accommodations/${BEN}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ben Ode' })).toBeNull());
  });

  it('shows the server’s refusal and keeps the dialog open with what was chosen', async () => {
    const api = examServer();
    await screen.findByRole('cell', { name: 'Asha Rao' });
    api.fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ success: false, message: 'This student is not one of the exam’s students' }), { status: 400 }));
    fireEvent.click(screen.getByRole('button', { name: 'Set for this exam: Asha Rao' }));
    fireEvent.click(await screen.findByLabelText('Larger text'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This student is not one of the exam’s students')).toBeTruthy();
    // The refusal answered the save itself (the fake server's own log only has the calls it answered).
    expect(api.fetchMock.mock.calls.filter(([input, init]) => init?.method === 'PUT' && String(input).endsWith(`/exams/e1/accommodations/${ASHA}`))).toHaveLength(1);
    expect((screen.getByLabelText('Larger text') as HTMLInputElement).checked).toBe(true);
  });
});

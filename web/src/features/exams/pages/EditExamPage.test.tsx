import { configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildExam } from '../test/buildExam';
import { EditExamPage } from './EditExamPage';

const teacher = buildUser({ role: 'teacher' });
const exam = buildExam({
  grade: 3,
  tags: ['algebra'],
  eligibleStudents: ['5f0c6f1e-0000-4000-8000-000000000001'],
  schedule: { startDate: '2026-12-01T04:00:00.000Z', endDate: '2026-12-01T06:30:00.000Z', timezone: 'Asia/Kolkata' },
});

function renderEdit() {
  return renderApp('/exam/e1/edit', [
    { path: '/exam/:examId/edit', element: <EditExamPage /> },
    { path: '/exams', element: <p>Exams screen</p> },
  ]);
}

// The whole exam form re-renders on every change, which jsdom makes slow on a busy machine:
// waits and tests get more room than the defaults (1 s and 5 s) so they fail only when broken.
configure({ asyncUtilTimeout: 5000 });

describe('EditExamPage', { timeout: 20_000 }, () => {
  it("shows the exam on its own zone's clock and saves it back as ISO instants", async () => {
    let release: () => void = () => {};
    const api = mockApi(teacher, [
      ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam } } })],
      ['PUT', '/exams/e1', () => new Promise((resolve) => (release = () => resolve({ body: { success: true, data: { exam } } })))],
    ]);
    const { router } = renderEdit();
    const start = (await screen.findByLabelText(/^Start Date & Time/)) as HTMLInputElement;
    expect(start.value).toBe('2026-12-01T09:30');
    expect((screen.getByLabelText(/^Grade/) as HTMLSelectElement).value).toBe('3');

    fireEvent.change(screen.getByLabelText(/^End Date & Time/), { target: { value: '2026-12-01T13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Exam' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeTruthy();
    release();

    expect(await screen.findByText('Exams screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exams');
    expect(await screen.findByText('Exam updated successfully!')).toBeTruthy();
    expect(api.callsTo('PUT', '/exams/e1')[0]!.body).toMatchObject({
      grade: '3',
      tags: ['algebra'],
      eligibleStudents: exam.eligibleStudents,
      schedule: { startDate: '2026-12-01T04:00:00.000Z', endDate: '2026-12-01T07:30:00.000Z', timezone: 'Asia/Kolkata' },
    });
  });

  it("says 'Error updating exam: ' with the server's reason when saving fails", async () => {
    mockApi(teacher, [
      ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam } } })],
      ['PUT', '/exams/e1', () => ({ status: 400, body: { success: false, message: 'End date must be after start date', errors: [{ field: 'schedule.endDate', msg: 'End date must be after start date' }] } })],
    ]);
    renderEdit();
    await screen.findByLabelText(/^Start Date & Time/);
    fireEvent.click(screen.getByRole('button', { name: 'Update Exam' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Error updating exam: End date must be after start date');
  });

  it("returns to /exams with 'Error loading exam data' when the exam cannot be loaded", async () => {
    mockApi(teacher, [['GET', '/exams/e1', () => ({ status: 404, body: { success: false, message: 'Exam not found.' } })]]);
    const { router } = renderEdit();
    expect(await screen.findByText('Exams screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exams');
    expect(await screen.findByText('Error loading exam data')).toBeTruthy();
  });

  it('goes back to /exams on Cancel', async () => {
    mockApi(teacher, [['GET', '/exams/e1', () => ({ body: { success: true, data: { exam } } })]]);
    const { router } = renderEdit();
    await screen.findByLabelText(/^Start Date & Time/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Exams screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exams');
  });
});

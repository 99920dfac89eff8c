import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { settingsSummary } from '../labels';
import { EditExamPage } from '../pages/EditExamPage';
import { buildExam } from '../test/buildExam';
import { examToFormValues } from './examForm';

const teacher = buildUser({ role: 'teacher', grade: null, section: null });

configure({ asyncUtilTimeout: 5000 });

describe('The exam’s anonymous marking checkbox', { timeout: 30_000 }, () => {
  it('shows what the exam holds and saves the teacher’s change', async () => {
    const exam = buildExam({ settings: { ...EXAM_SETTINGS_DEFAULTS, anonymousMarking: false } });
    const api = mockApi(teacher, [
      ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam } } })],
      ['PUT', '/exams/e1', () => ({ body: { success: true, data: { exam } } })],
    ]);
    renderApp('/exam/e1/edit', [
      { path: '/exam/:examId/edit', element: <EditExamPage /> },
      { path: '/exams', element: <p>Exams screen</p> },
    ]);
    const box = (await screen.findByRole('checkbox', { name: /Mark anonymously \(marking by question never shows students’ names\)/ })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Update Exam' }));
    await waitFor(() => expect(api.callsTo('PUT', '/exams/e1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/exams/e1')[0]!.body).toMatchObject({ settings: { anonymousMarking: true } });
  });

  it('is named in the exam’s settings summary', () => {
    const settings = examToFormValues(buildExam({ settings: { ...EXAM_SETTINGS_DEFAULTS, anonymousMarking: true } })).settings;
    expect(settingsSummary(settings)).toContainEqual({ label: 'Anonymous marking', value: 'Yes' });
  });
});

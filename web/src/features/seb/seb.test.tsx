import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PLATFORM_SETTINGS, SEB_MSG, SETTINGS_MSG } from '@exam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ExamTakingPage } from '../exam-taking/ExamTakingPage';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { sebPageHeaders, sebPageProof } from '../../api/seb';
import { SebExamCard } from './SebExamCard';
import { AdminSettingsPage } from '../admin/settings/AdminSettingsPage';

const EXAM_ID = '22222222-2222-4222-8222-222222222222';
const now = Date.now();
const links = {
  examId: EXAM_ID,
  configUrl: `https://exams.school.example/api/seb/exams/${EXAM_ID}/config.seb`,
  sebUrl: `sebs://exams.school.example/api/seb/exams/${EXAM_ID}/config.seb`,
};

const exam = {
  _id: EXAM_ID,
  title: 'Chemistry Finals',
  subject: 'chemistry',
  description: 'Moles and bonds.',
  instructions: '',
  duration: 45,
  totalQuestions: 3,
  totalMarks: 6,
  isPublished: true,
  schedule: { startDate: new Date(now - 3600_000).toISOString(), endDate: new Date(now + 86400_000).toISOString(), timezone: 'UTC' },
  settings: {
    allowMultipleAttempts: false,
    maxAttempts: 1,
    requireSeb: true,
    proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true },
  },
  userAttempts: { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1, inProgress: false },
};

function openExam(answer: { status?: number; body: unknown }) {
  const api = mockApi(buildUser({ role: 'student' }), [['GET', `/exams/${EXAM_ID}`, () => answer]]);
  renderApp(`/exam/${EXAM_ID}`, [
    { path: '/exam/:examId', element: <ExamTakingPage /> },
    { path: '/exams', element: <p>Exam list</p> },
  ]);
  return api;
}

afterEach(() => {
  delete (globalThis as { SafeExamBrowser?: unknown }).SafeExamBrowser;
});

describe('a student and an exam that requires Safe Exam Browser', () => {
  it('in another browser: says the exam requires SEB, offers to open it in SEB and the file, and no Start', async () => {
    openExam({ status: 403, body: { success: false, message: 'This exam requires Safe Exam Browser', data: { seb: links } } });
    const panel = await screen.findByTestId('seb-required');
    expect(panel.textContent).toContain('This exam requires Safe Exam Browser');
    expect(screen.getByRole('link', { name: 'Open in Safe Exam Browser' }).getAttribute('href')).toBe(links.sebUrl);
    const file = screen.getByRole('link', { name: 'Download the .seb file' });
    expect(file.getAttribute('href')).toBe(links.configUrl);
    expect(file.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('button', { name: /Start Exam/ })).toBeNull();
  });

  it('in SEB: the exam opens without the tab-switch and fullscreen rules, which SEB makes moot', async () => {
    openExam({ body: { success: true, data: { exam } } });
    expect(await screen.findByRole('button', { name: 'Start Exam' })).toBeTruthy();
    const notice = screen.getByTestId('proctoring-notice').textContent ?? '';
    expect(notice).not.toContain('submits your exam automatically');
  });

  it('in SEB: sends SEB’s JavaScript API values with the URLs SEB computed them for', async () => {
    (globalThis as { SafeExamBrowser?: unknown }).SafeExamBrowser = { security: { configKey: 'c'.repeat(64), browserExamKey: 'b'.repeat(64), updateKeys: (cb: () => void) => cb() } };
    expect(sebPageProof()).toMatchObject({ configKey: 'c'.repeat(64), browserExamKey: 'b'.repeat(64) });
    const api = openExam({ body: { success: true, data: { exam } } });
    await screen.findByRole('button', { name: 'Start Exam' });
    const sent = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith(`/exams/${EXAM_ID}`))![1]!.headers as Record<string, string>;
    expect(sent).toMatchObject(sebPageHeaders());
    expect(sent['x-exam-seb-config-key']).toBe('c'.repeat(64));
  });
});

describe('the exam’s Safe Exam Browser card for its teacher', () => {
  const file = { ...links, required: true, configKey: 'f'.repeat(64), startUrl: `https://exams.school.example/exam/${EXAM_ID}`, quitUrl: 'https://exams.school.example/seb/quit' };

  it('shows that the exam requires SEB, the link that opens it and its Config Key, and downloads the file', async () => {
    const { callsTo } = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', `/seb/exams/${EXAM_ID}`, () => ({ body: { success: true, data: file } })],
      ['GET', `/seb/exams/${EXAM_ID}/file`, () => ({ body: '<plist/>' })],
    ]);
    renderApp('/card', [{ path: '/card', element: <SebExamCard examId={EXAM_ID} /> }]);
    expect((await screen.findByTestId('seb-card')).textContent).toContain('Students must sit this exam in Safe Exam Browser.');
    expect((screen.getByLabelText('Link that opens the exam in Safe Exam Browser') as HTMLInputElement).value).toBe(links.sebUrl);
    expect((screen.getByLabelText('Config Key') as HTMLInputElement).value).toBe('f'.repeat(64));
    URL.createObjectURL = () => 'blob:seb';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Download .seb file' }));
    await waitFor(() => expect(callsTo('GET', `/seb/exams/${EXAM_ID}/file`)).toHaveLength(1));
  });

  it('shows nothing to a teacher the server does not give the file to', async () => {
    const { callsTo } = mockApi(buildUser({ role: 'teacher' }), [['GET', `/seb/exams/${EXAM_ID}`, () => ({ status: 403, body: { success: false, message: 'Forbidden' } })]]);
    renderApp('/card', [
      {
        path: '/card',
        element: (
          <>
            <p>Exam page</p>
            <SebExamCard examId={EXAM_ID} />
          </>
        ),
      },
    ]);
    await waitFor(() => expect(callsTo('GET', `/seb/exams/${EXAM_ID}`)).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.getByText('Exam page')).toBeTruthy();
    expect(screen.queryByTestId('seb-card')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the Browser Exam Keys an admin allows', { timeout: 30_000 }, () => {
  it('takes keys of 64 hexadecimal characters and refuses anything else before saving', async () => {
    const api = mockApi(buildUser({ role: 'admin', grade: null, section: null }), [
      ['GET', '/platform-settings/admin', () => ({ body: { success: true, data: { settings: DEFAULT_PLATFORM_SETTINGS, mail: { mode: 'dev-outbox' } } } })],
      ['PUT', '/platform-settings', ({ body }) => ({ body: { success: true, message: SETTINGS_MSG.saved, data: { settings: body } } })],
    ]);
    renderApp('/admin/settings', [{ path: '/admin/settings', element: <AdminSettingsPage /> }]);
    const keys = (await screen.findByRole('combobox', { name: 'Allowed Browser Exam Keys' })) as HTMLInputElement;
    // A key is typed into the focused field (Mantine ignores a change it did not see typed) and kept with Enter.
    const add = (key: string) => {
      keys.focus();
      fireEvent.change(keys, { target: { value: key } });
      fireEvent.keyDown(keys, { key: 'Enter' });
    };

    add('not-a-key');
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SEB_MSG.keyInvalid)).toBeTruthy();
    expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(0);

    // Backspace in the empty field takes the last key off.
    fireEvent.change(keys, { target: { value: '' } });
    fireEvent.keyDown(keys, { key: 'Backspace' });
    add('AB'.repeat(32));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PUT', '/platform-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/platform-settings')[0]!.body).toMatchObject({ seb: { allowedBrowserExamKeys: ['ab'.repeat(32)] } });
  });
});

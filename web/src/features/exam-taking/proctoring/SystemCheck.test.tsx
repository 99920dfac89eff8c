import { PROCTORING_DEFAULTS, consentSummary, type ConsentStatus, type ProfiledProctoring, type WaivableCheck } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { examMedia } from '../examMedia';
import { ExamTakingPage } from '../ExamTakingPage';
import { screenShare } from './screenShare';

const faces = vi.hoisted(() => ({ seen: 1 }));
vi.mock('./deviceChecks', () => ({
  loadFaceModel: async () => ({ facesIn: async () => faces.seen, release: () => undefined }),
  startDeviceChecks: () => ({ stop: () => undefined }),
  captureEvidence: async () => new Blob(),
}));

const EXAM_ID = '11111111-1111-4111-8111-111111111111';
const HASH = 'b'.repeat(64);
const now = Date.now();

const proctoring: ProfiledProctoring & typeof PROCTORING_DEFAULTS = {
  ...PROCTORING_DEFAULTS,
  enabled: true,
  enableCamera: true,
  faceChecks: { ...PROCTORING_DEFAULTS.faceChecks, enabled: true },
  screenShare: { required: true },
  evidencePictures: true,
};

const exam = {
  _id: EXAM_ID,
  title: 'Biology final',
  subject: 'biology',
  description: '',
  instructions: '',
  duration: 60,
  totalQuestions: 10,
  totalMarks: 20,
  isPublished: true,
  schedule: { startDate: new Date(now - 3600_000).toISOString(), endDate: new Date(now + 86400_000).toISOString(), timezone: 'UTC' },
  settings: { allowMultipleAttempts: false, maxAttempts: 1, proctoring },
  userAttempts: { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1, inProgress: false },
};

const status = (over: Partial<ConsentStatus> = {}): ConsentStatus => ({
  required: true,
  accepted: false,
  profileHash: HASH,
  summary: consentSummary(proctoring, 30),
  profile: proctoring,
  waivers: [],
  ...over,
});

/** A live track whose settings say what was shared (a whole monitor unless told otherwise). */
function fakeStream(surface?: string) {
  const track = Object.assign(new EventTarget(), { kind: 'video', readyState: 'live', stop: vi.fn(), getSettings: () => (surface ? { displaySurface: surface } : {}) });
  return { getTracks: () => [track], getVideoTracks: () => [track], getAudioTracks: () => [] } as unknown as MediaStream;
}

function open({ waivers = [] as WaivableCheck[], camera = 'granted' as 'granted' | 'denied', surface = 'monitor' } = {}) {
  const held = { waivers };
  vi.stubGlobal('Worker', class {});
  vi.stubGlobal('OffscreenCanvas', class {});
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia: async () => {
        if (camera === 'denied') throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
        return fakeStream();
      },
      getDisplayMedia: async () => fakeStream(surface),
    },
  });
  const api = mockApi(buildUser({ role: 'student' }), [
    ['GET', `/exams/${EXAM_ID}`, () => ({ body: { success: true, data: { exam } } })],
    ['GET', `/exams/${EXAM_ID}/consent`, () => ({ body: { success: true, data: status({ waivers: held.waivers }) } })],
    ['GET', '/health', () => ({ body: { status: 'ok' } })],
    ['POST', `/exams/${EXAM_ID}/help`, () => ({ status: 201, body: { success: true, data: {} } })],
    ['POST', `/exams/${EXAM_ID}/consent`, () => ({ status: 201, body: { success: true, data: {} } })],
    ['POST', `/exams/${EXAM_ID}/start`, () => ({ status: 409, body: { success: false, message: 'Stop here for the test.' } })],
  ]);
  renderApp(`/exam/${EXAM_ID}`, [{ path: '/exam/:examId', element: <ExamTakingPage /> }]);
  return Object.assign(api, { held });
}

const row = (name: string) => screen.getByTestId(`check-${name}`);

afterEach(() => {
  examMedia.stop();
  screenShare.stop();
  faces.seen = 1;
});

describe('the system check and consent before a proctored exam', { timeout: 20_000 }, () => {
  it('passes every row once camera and whole screen are shared and one face is seen, and stores the consent before starting', async () => {
    const api = open();
    const start = await screen.findByRole('button', { name: 'Start Exam' });
    expect(start).toHaveProperty('disabled', true);
    await waitFor(() => expect(within(row('connection')).getByText('Passed')).toBeTruthy());
    expect(within(row('browser')).getByText('Passed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Allow camera' }));
    await waitFor(() => expect(within(row('face')).getByText('Passed')).toBeTruthy());
    expect(within(row('camera')).getByText('Passed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share your whole screen' }));
    await waitFor(() => expect(within(row('screen')).getByText('Passed')).toBeTruthy());

    // Every check passed, but the student has not accepted what is checked and kept yet.
    const panel = screen.getByTestId('consent-panel');
    expect(panel.textContent).toContain('no face is seen for more than 5 s');
    expect(panel.textContent).toContain('kept for 30 days');
    expect(panel.textContent).toContain("Only this exam's teachers, the school's admins and you can see what is kept.");
    expect(start).toHaveProperty('disabled', true);
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'I have read what is checked and kept, and I accept it' }));
    expect(start).toHaveProperty('disabled', false);

    fireEvent.click(start);
    await waitFor(() => expect(api.callsTo('POST', `/exams/${EXAM_ID}/start`)).toHaveLength(1));
    expect(api.callsTo('POST', `/exams/${EXAM_ID}/consent`).map((c) => c.body)).toEqual([{ profileHash: HASH }]);
    const order = api.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.startsWith('POST'));
    expect(order).toEqual([`POST /exams/${EXAM_ID}/consent`, `POST /exams/${EXAM_ID}/start`]);
  });

  it('says how to fix a refused camera and lets the student ask a proctor for help with it', async () => {
    const api = open({ camera: 'denied' });
    fireEvent.click(await screen.findByRole('button', { name: 'Allow camera' }));
    await waitFor(() => expect(within(row('camera')).getByText('Failed')).toBeTruthy());
    expect(within(row('camera')).getByRole('alert').textContent).toContain('Access to your camera was denied');
    fireEvent.click(within(row('camera')).getByRole('button', { name: 'Ask for help: Camera' }));
    await waitFor(() => expect(within(row('camera')).getByRole('status').textContent).toContain('Help requested'));
    expect(api.callsTo('POST', `/exams/${EXAM_ID}/help`).map((c) => c.body)).toEqual([{ check: 'camera' }]);
    expect(screen.getByRole('button', { name: 'Start Exam' })).toHaveProperty('disabled', true);

    // The proctor waives the camera; the next check reads the waiver (and the face check goes with it).
    api.held.waivers = ['camera'];
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(row('camera')).getByText('Waived by your teacher')).toBeTruthy());
    expect(within(row('face')).getByText('Waived by your teacher')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow camera' })).toBeNull();
  });

  it('refuses a shared window: only the whole screen passes', async () => {
    open({ surface: 'window' });
    fireEvent.click(await screen.findByRole('button', { name: 'Share your whole screen' }));
    await waitFor(() => expect(within(row('screen')).getByText('Failed')).toBeTruthy());
    expect(within(row('screen')).getByRole('alert').textContent).toBe('Only a window or a tab was shared. Select Share your whole screen and choose your entire screen.');
  });

  it('says when no face or several faces are seen', async () => {
    faces.seen = 3;
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Allow camera' }));
    await waitFor(() => expect(within(row('face')).getByText('Failed')).toBeTruthy(), { timeout: 8000 });
    expect(within(row('face')).getByRole('alert').textContent).toContain('More than one face is seen');
  });

  it('shows a check a proctor waived as waived, and does not ask for it', async () => {
    open({ waivers: ['screen-share'] });
    await waitFor(() => expect(within(row('screen')).getByText('Waived by your teacher')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Share your whole screen' })).toBeNull();
  });
});

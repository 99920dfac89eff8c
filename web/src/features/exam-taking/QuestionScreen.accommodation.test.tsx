import { NO_ACCOMMODATION, PROFILE_DEFAULTS, accommodationView, type AccommodationView } from '@exam/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ExamActor } from './examActor';
import { examTakingMachine } from './examTakingMachine';
import { QuestionScreen } from './QuestionScreen';
import { joinDataSchema, type ExamInfo, type LoadedExam, type RestoredLocal, type StartedAttempt } from './types';
import type { JoinData } from '@exam/shared';

const EXAM_ID = '11111111-1111-4111-8111-111111111111';
const ATTEMPT = '22222222-2222-4222-8222-222222222222';
const MINUTE = 60_000;

const exam: ExamInfo = {
  _id: EXAM_ID,
  title: 'Algebra',
  subject: 'mathematics',
  description: '',
  instructions: '',
  duration: 30,
  totalQuestions: 2,
  totalMarks: 3,
  isPublished: true,
  schedule: { startDate: '2030-01-01T00:00:00.000Z', endDate: '2030-02-01T00:00:00.000Z' },
  settings: {
    allowMultipleAttempts: false,
    maxAttempts: 1,
    proctoring: {
      enabled: false,
      preventTabSwitching: false,
      requireFullscreen: false,
      disableRightClick: false,
      preventCopyPaste: false,
      enableCamera: false,
      enableMicrophone: false,
      ...PROFILE_DEFAULTS,
    },
  },
  userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, inProgress: true },
};

type Running = ReturnType<typeof ExamActor.useActorRef>;

/** Hands the running machine to the test, for the events a socket would bring. */
function Capture({ onActor }: { onActor: (actor: Running) => void }) {
  const actor = ExamActor.useActorRef();
  useEffect(() => onActor(actor), [actor, onActor]);
  return null;
}

/** An attempt resumed on Q2 with two minutes left (the timer's urgent level), Q1 answered and marked. */
function openScreen(accommodation: AccommodationView | null) {
  const now = Date.now();
  const started: StartedAttempt = {
    attemptId: ATTEMPT,
    startedAt: now - 28 * MINUTE,
    questions: [
      { _id: 'q1', text: 'What is 2+2?', type: 'multiple-choice', points: 1, options: ['Three', 'Four'], image: null },
      { _id: 'q2', text: 'Explain.', type: 'essay', points: 2, options: [], image: null },
    ],
    session: {
      attemptId: ATTEMPT,
      status: 'in_progress',
      serverNow: new Date(now).toISOString(),
      deadlineAt: new Date(now + 2 * MINUTE).toISOString(),
      answers: { q1: 'Four' },
      seqs: { q1: 1 },
      accommodation,
    },
    sentAt: now,
    receivedAt: now,
  };
  const restored: RestoredLocal = { pending: [], marked: ['q1'], current: 1, outboxAvailable: true };
  const logic = examTakingMachine.provide({
    actors: {
      loadExam: fromPromise(async (): Promise<LoadedExam> => ({ exam, attemptInProgress: true })),
      startAttempt: fromPromise(async () => started),
      restoreLocal: fromPromise(async () => restored),
    },
  });
  mockApi(null);
  let running: Running | null = null;
  const keep = (actor: Running) => {
    running = actor;
  };
  const rejoin = (accommodation?: AccommodationView | null) => {
    const data: JoinData = { ...started.session, serverNow: new Date().toISOString() };
    if (accommodation === undefined) delete data.accommodation;
    else data.accommodation = accommodation;
    act(() => running!.send({ type: 'socket.joined', data, sentAt: Date.now(), receivedAt: Date.now() }));
  };
  renderApp(`/exam/${EXAM_ID}`, [
    {
      path: '/exam/:examId',
      element: (
        <ExamActor.Provider logic={logic} options={{ input: { examId: EXAM_ID } }}>
          <Capture onActor={keep} />
          <QuestionScreen phase="taking" />
        </ExamActor.Provider>
      ),
    },
  ]);
  return { rejoin };
}

const timerText = () => screen.getByTestId('exam-timer').firstElementChild as HTMLElement;

describe('the exam screen with an accommodation', () => {
  it('shows the question area larger, the timer and palette without colours, and the extra time', async () => {
    openScreen(accommodationView({ ...NO_ACCOMMODATION, timeMultiplier: 1.5, largerText: true, reducedDistraction: true }));
    expect(await screen.findByText('Explain.')).toBeTruthy();
    const area = screen.getByTestId('question-area');
    expect(area.dataset.textSize).toBe('large');
    expect(area.style.zoom).toBe('1.25');
    // The urgent level is still told in words; only its colour is gone.
    expect(screen.getByTestId('exam-timer').dataset.level).not.toBe('normal');
    expect(screen.getByTestId('exam-timer-hint').textContent).not.toBe('');
    expect(timerText().getAttribute('style') ?? '').not.toContain('--mantine-color');
    // Answered and marked: told by its icons and words, not by a tint.
    const marked = screen.getByTestId('palette-1');
    expect(marked.getAttribute('style') ?? '').not.toContain('orange');
    expect(marked.dataset.variant).toBe('default');
    expect(marked.getAttribute('aria-label')).toBe('Question 1: answered, marked for review');
    expect(screen.getByTestId('palette-2').dataset.variant).toBe('filled');
    expect(screen.getByTestId('extra-time-note').textContent).toBe('Extra time: 1.5×');
  });

  it('keeps the usual screen for a student without one: colours, normal text, no extra time line', async () => {
    openScreen(null);
    expect(await screen.findByText('Explain.')).toBeTruthy();
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('normal');
    expect(screen.getByTestId('question-area').style.zoom ?? '').toBe('');
    expect(timerText().getAttribute('style')).toContain('--mantine-color');
    expect(screen.getByTestId('palette-1').getAttribute('style')).toContain('orange');
    expect(screen.getByTestId('palette-1').dataset.variant).toBe('light');
    expect(screen.queryByTestId('extra-time-note')).toBeNull();
  });

  it('says nothing of extra time when the accommodation gives none', async () => {
    openScreen(accommodationView({ ...NO_ACCOMMODATION, largerText: true }));
    expect(await screen.findByText('Explain.')).toBeTruthy();
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
    expect(screen.queryByTestId('extra-time-note')).toBeNull();
  });

  it('follows the accommodation a join brings, and keeps it when a join says nothing of it', async () => {
    const { rejoin } = openScreen(null);
    expect(await screen.findByText('Explain.')).toBeTruthy();
    rejoin(accommodationView({ ...NO_ACCOMMODATION, timeMultiplier: 2, largerText: true }));
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
    expect(screen.getByTestId('extra-time-note').textContent).toBe('Extra time: 2×');
    // An older server's join has no such field: the display stays as it was.
    rejoin(undefined);
    expect(screen.getByTestId('question-area').dataset.textSize).toBe('large');
  });

  it('reads the accommodation from the join acknowledgement, and a malformed one as none rather than a broken exam', () => {
    const join = { attemptId: ATTEMPT, status: 'in_progress', serverNow: '2030-01-01T00:00:00.000Z', deadlineAt: '2030-01-01T00:30:00.000Z', answers: {}, seqs: {} };
    const view = accommodationView({ ...NO_ACCOMMODATION, reducedDistraction: true });
    expect(joinDataSchema.parse({ ...join, accommodation: view }).accommodation).toEqual(view);
    expect(joinDataSchema.parse({ ...join, accommodation: { largerText: 'yes' } }).accommodation).toBeNull();
    expect('accommodation' in joinDataSchema.parse(join)).toBe(false);
  });
});

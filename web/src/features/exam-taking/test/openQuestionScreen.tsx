import { PROFILE_DEFAULTS, type BreakState, type JoinData } from '@exam/shared';
import { act } from '@testing-library/react';
import { useEffect } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { ExamActor } from '../examActor';
import { examTakingMachine, type ExamEvent, type SessionCommand } from '../examTakingMachine';
import { QuestionScreen } from '../QuestionScreen';
import type { ExamInfo, LoadedExam, RestoredLocal, StartedAttempt } from '../types';

export const EXAM_ID = '11111111-1111-4111-8111-111111111111';
export const ATTEMPT = '22222222-2222-4222-8222-222222222222';
const MINUTE = 60_000;

/** A 30-minute exam, published, nothing proctored, whose attempt is in progress. */
const examOf = (totalQuestions: number): ExamInfo => ({
  _id: EXAM_ID,
  title: 'Algebra',
  subject: 'mathematics',
  description: '',
  instructions: '',
  duration: 30,
  totalQuestions,
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
});

export interface ResumedAttempt {
  questions: StartedAttempt['questions'];
  /** How long ago it started, and how long is left, in minutes. */
  startedMinutesAgo: number;
  minutesLeft: number;
  answers: JoinData['answers'];
  seqs: JoinData['seqs'];
  accommodation: JoinData['accommodation'];
  /** The attempt's rest breaks, as the join gives them (left out: none). */
  break?: BreakState | null;
  restored: RestoredLocal;
}

type Running = ReturnType<typeof ExamActor.useActorRef>;

/** Hands the running machine to the test, for the events a socket would bring. */
function Capture({ onActor }: { onActor: (actor: Running) => void }) {
  const actor = ExamActor.useActorRef();
  useEffect(() => onActor(actor), [actor, onActor]);
  return null;
}

/**
 * The question screen on an attempt being resumed, its exam and attempt served by the machine's
 * actors. `rejoin` delivers a socket join with the same session (its accommodation as given; left
 * out when undefined, as an older server sends it).
 */
export function openQuestionScreen(attempt: ResumedAttempt) {
  const now = Date.now();
  const started: StartedAttempt = {
    attemptId: ATTEMPT,
    startedAt: now - attempt.startedMinutesAgo * MINUTE,
    questions: attempt.questions,
    session: {
      attemptId: ATTEMPT,
      status: 'in_progress',
      serverNow: new Date(now).toISOString(),
      deadlineAt: new Date(now + attempt.minutesLeft * MINUTE).toISOString(),
      answers: attempt.answers,
      seqs: attempt.seqs,
      accommodation: attempt.accommodation,
      ...(attempt.break !== undefined ? { break: attempt.break } : {}),
    },
    sentAt: now,
    receivedAt: now,
  };
  const exam = examOf(attempt.questions.length);
  const logic = examTakingMachine.provide({
    actors: {
      loadExam: fromPromise(async (): Promise<LoadedExam> => ({ exam, attemptInProgress: true })),
      startAttempt: fromPromise(async () => started),
      restoreLocal: fromPromise(async () => attempt.restored),
      session: fromCallback<SessionCommand, { attemptId: string }>(({ receive }) => {
        receive((command) => commands.push(command));
      }),
    },
  });
  /** What the screen asked of the socket session. */
  const commands: SessionCommand[] = [];
  mockApi(null);
  let running: Running | null = null;
  const keep = (actor: Running) => {
    running = actor;
  };
  const rejoin = (accommodation?: JoinData['accommodation']) => {
    const data: JoinData = { ...started.session, serverNow: new Date().toISOString() };
    if (accommodation === undefined) delete data.accommodation;
    else data.accommodation = accommodation;
    act(() => running!.send({ type: 'socket.joined', data, sentAt: Date.now(), receivedAt: Date.now() }));
  };
  /** An event as the socket (or the ticker) would bring it. */
  const send = (event: ExamEvent) => act(() => running!.send(event));
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
  return { rejoin, send, commands };
}

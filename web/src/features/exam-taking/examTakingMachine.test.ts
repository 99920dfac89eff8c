import { NO_ACCOMMODATION, PROFILE_DEFAULTS, accommodationView, type BreakState, type JoinData } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { contextBreakLeft, contextOnBreak, contextTimeLeft, contextTotalTime, examTakingMachine, type SessionCommand, type SubmitInput } from './examTakingMachine';
import type { ProctorChecksCommand, ProctorChecksInput } from './proctoring/proctorChecksActor';
import { TakingError, type ExamInfo, type SubmitOutcome, type LoadedExam, type PendingSave, type RestoredLocal, type StartedAttempt } from './types';
import { MINUTE, iso, rest } from './test/breakStates';

const EXAM_ID = '11111111-1111-4111-8111-111111111111';
const ATTEMPT = '22222222-2222-4222-8222-222222222222';
const Q1 = 'q1';
const Q2 = 'q2';
const SERVER_NOW = Date.parse('2030-01-01T09:00:00.000Z');
/** Our clock runs 5 s behind the server's; the start call took 200 ms. */
const SENT_AT = SERVER_NOW - 5000 - 100;
const RECEIVED_AT = SERVER_NOW - 5000 + 100;

const exam: ExamInfo = {
  _id: EXAM_ID,
  title: 'Algebra',
  subject: 'mathematics',
  description: 'Practice',
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
      enabled: true,
      preventTabSwitching: true,
      requireFullscreen: true,
      disableRightClick: true,
      preventCopyPaste: true,
      enableCamera: false,
      enableMicrophone: false,
      ...PROFILE_DEFAULTS,
    },
  },
  userAttempts: { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1 },
};

const serverState = (over: Partial<JoinData> = {}): JoinData => ({
  attemptId: ATTEMPT,
  status: 'in_progress',
  serverNow: new Date(SERVER_NOW).toISOString(),
  deadlineAt: new Date(SERVER_NOW + 30 * MINUTE).toISOString(),
  answers: { [Q1]: 'Four' },
  seqs: { [Q1]: 3 },
  ...over,
});

const started = (over: Partial<JoinData> = {}): StartedAttempt => ({
  attemptId: ATTEMPT,
  startedAt: SERVER_NOW,
  questions: [
    { _id: Q1, text: 'What is $2+2$?', type: 'multiple-choice', points: 1, options: ['Three', 'Four'], image: null },
    { _id: Q2, text: 'Explain.', type: 'essay', points: 2, options: [], image: null },
  ],
  session: serverState(over),
  sentAt: SENT_AT,
  receivedAt: RECEIVED_AT,
});

const restoredNothing: RestoredLocal = { pending: [], marked: [], current: 0, outboxAvailable: true };

interface Overrides {
  load?: () => Promise<LoadedExam>;
  consent?: (input: { examId: string; profileHash: string }) => Promise<void>;
  start?: () => Promise<StartedAttempt>;
  restore?: () => Promise<RestoredLocal>;
  submit?: (input: SubmitInput) => Promise<{ submissionId: string; reason: 'student' }>;
}

/** The machine with every effect faked: what it sends the socket session is recorded. */
function harness(over: Overrides = {}) {
  const toSession: SessionCommand[] = [];
  const order: string[] = [];
  const toChecks: ProctorChecksCommand[] = [];
  const checksInputs: ProctorChecksInput[] = [];
  const effects = {
    startErrors: [] as string[],
    submitErrors: [] as string[],
    cleared: [] as string[],
    exitedFullscreen: 0,
    submitted: [] as SubmitInput[],
    review: [] as unknown[],
    startedToasts: [] as (string | undefined)[],
    submittedToasts: 0,
  };
  const machine = examTakingMachine.provide({
    actors: {
      loadExam: fromPromise(over.load ?? (async () => ({ exam, attemptInProgress: false }))),
      giveConsent: fromPromise(async ({ input }: { input: { examId: string; profileHash: string } }) => {
        order.push(`consent ${input.profileHash}`);
        await over.consent?.(input);
      }),
      startAttempt: fromPromise(async () => {
        order.push('start');
        return (over.start ?? (async () => started()))();
      }),
      restoreLocal: fromPromise(over.restore ?? (async () => restoredNothing)),
      submitAttempt: fromPromise(async ({ input }) => {
        effects.submitted.push(input);
        return over.submit ? over.submit(input) : { submissionId: ATTEMPT, reason: 'student' as const };
      }),
      readSubmitReason: fromPromise(async (): Promise<SubmitOutcome> => ({ submissionId: ATTEMPT, reason: 'proctor' })),
      session: fromCallback<SessionCommand, { attemptId: string }>(({ receive }) => {
        receive((command) => toSession.push(command));
      }),
      ticker: fromCallback(() => undefined),
      pageEvents: fromCallback(() => undefined),
      proctorChecks: fromCallback<ProctorChecksCommand, ProctorChecksInput>(({ input, receive }) => {
        checksInputs.push(input);
        receive((command) => toChecks.push(command));
      }),
    },
    actions: {
      notifyStartError: (_, { message }) => void effects.startErrors.push(message),
      notifyStarted: (_, { message }) => void effects.startedToasts.push(message),
      notifySubmitted: () => void (effects.submittedToasts += 1),
      notifySubmitError: (_, { message }) => void effects.submitErrors.push(message),
      clearLocal: (_, { attemptId }) => void effects.cleared.push(attemptId),
      exitFullscreen: () => void (effects.exitedFullscreen += 1),
      persistReview: (_, params) => void effects.review.push(params),
    },
    delays: { submitFlushTimeout: 40, expiryRecheck: 20, saveRetry: 10 },
  });
  const actor = createActor(machine, { input: { examId: EXAM_ID } }).start();
  const saves = () => toSession.flatMap((c) => (c.type === 'session.save' ? c.saves : []));
  return { actor, toSession, saves, effects, order, toChecks, checksInputs };
}

async function inExam(over: Overrides = {}) {
  const h = harness(over);
  await waitFor(h.actor, (s) => s.matches('startScreen'));
  h.actor.send({ type: 'user.start' });
  await waitFor(h.actor, (s) => s.matches('attempt'));
  return h;
}

const joined = (data: JoinData, at = RECEIVED_AT) => ({ type: 'socket.joined' as const, data, sentAt: at - 100, receivedAt: at + 100 });

describe('exam taking machine', () => {
  it('loads the exam to the start screen, starts, and is online once the socket connects', async () => {
    const { actor } = await inExam();
    expect(actor.getSnapshot().context.exam?.title).toBe('Algebra');
    expect(actor.getSnapshot().matches({ attempt: { inProgress: 'reconnecting' } })).toBe(true);
    actor.send({ type: 'socket.connected' });
    expect(actor.getSnapshot().matches({ attempt: { inProgress: 'online' } })).toBe(true);
    expect(actor.getSnapshot().context.book.answers).toEqual({ [Q1]: 'Four' });
  });

  it('says “Exam started successfully!” once, in the server’s words, when the attempt starts', async () => {
    const { actor, effects } = await inExam({ start: async () => ({ ...started(), message: 'Examen commencé avec succès !' }) });
    actor.send({ type: 'socket.connected' });
    actor.send(joined(serverState()));
    expect(effects.startedToasts).toEqual(['Examen commencé avec succès !']);
  });

  it('takes the server clock offset from the start call, corrected by half the round trip', async () => {
    const { actor } = await inExam();
    const { context } = actor.getSnapshot();
    expect(context.offset).toBe(5000);
    expect(contextTimeLeft(context, RECEIVED_AT)).toBe(30 * MINUTE - 100);
  });

  it('sends each answer with a seq above the server’s, and clears it when acked', async () => {
    const { actor, saves } = await inExam();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'user.answer', questionId: Q1, answer: 'Three' });
    expect(saves()).toEqual([{ questionId: Q1, answer: 'Three', seq: 4, order: 1 }]);
    expect(Object.keys(actor.getSnapshot().context.book.pending)).toEqual([Q1]);
    actor.send({ type: 'user.answer', questionId: Q1, answer: 'Four' });
    // The ack of the older save leaves the newer one pending; its own ack settles it.
    actor.send({ type: 'save.acked', questionId: Q1, seq: 4 });
    expect(actor.getSnapshot().context.book.pending[Q1]?.seq).toBe(5);
    actor.send({ type: 'save.acked', questionId: Q1, seq: 5 });
    expect(actor.getSnapshot().context.book.pending).toEqual({});
  });

  it('does not send an unchanged answer or one for a question not in the attempt', async () => {
    const { actor, saves } = await inExam();
    actor.send({ type: 'user.answer', questionId: Q1, answer: 'Four' });
    actor.send({ type: 'user.answer', questionId: 'elsewhere', answer: 'x' });
    expect(saves()).toEqual([]);
  });

  it('keeps an answer made while offline and replays it after reconnecting and joining', async () => {
    const { actor, saves } = await inExam();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'socket.disconnected' });
    expect(actor.getSnapshot().matches({ attempt: { inProgress: 'reconnecting' } })).toBe(true);
    actor.send({ type: 'user.answer', questionId: Q2, answer: 'Because.' });
    // Handed to the session (which stores it in the outbox) even offline.
    expect(saves()).toHaveLength(1);
    actor.send({ type: 'socket.connected' });
    expect(actor.getSnapshot().matches({ attempt: { inProgress: 'online' } })).toBe(true);
    actor.send(joined(serverState()));
    expect(saves()).toEqual([
      { questionId: Q2, answer: 'Because.', seq: 1, order: 1 },
      { questionId: Q2, answer: 'Because.', seq: 1, order: 1 },
    ]);
    // The server's answers, overlaid by the one it does not have yet.
    expect(actor.getSnapshot().context.book.answers).toEqual({ [Q1]: 'Four', [Q2]: 'Because.' });
  });

  it('after a reload, overlays the outbox’s saves on the server’s answers and continues their seqs', async () => {
    const pending: PendingSave[] = [{ questionId: Q1, answer: 'Three', seq: 7, order: 4 }];
    const { actor, saves } = await inExam({ restore: async () => ({ pending, marked: [Q2], current: 1, outboxAvailable: true }) });
    const { context } = actor.getSnapshot();
    expect(context.book.answers[Q1]).toBe('Three');
    expect(context.marked).toEqual([Q2]);
    expect(context.current).toBe(1);
    actor.send({ type: 'socket.connected' });
    actor.send(joined(serverState()));
    expect(saves()).toEqual(pending);
    actor.send({ type: 'user.answer', questionId: Q1, answer: 'Four' });
    expect(saves().at(-1)).toMatchObject({ questionId: Q1, seq: 8, order: 5 });
  });

  it('shows the server’s answer when its seq is newer than the local one', async () => {
    const pending: PendingSave[] = [{ questionId: Q1, answer: 'Three', seq: 2, order: 1 }];
    const { actor } = await inExam({ restore: async () => ({ pending, marked: [], current: 0, outboxAvailable: true }) });
    expect(actor.getSnapshot().context.book.answers[Q1]).toBe('Four');
  });

  it('keeps running without IndexedDB, and says so', async () => {
    const { actor } = await inExam({ restore: () => Promise.reject(new Error('no IndexedDB')) });
    expect(actor.getSnapshot().matches('attempt')).toBe(true);
    expect(actor.getSnapshot().context.outboxAvailable).toBe(false);
  });

  it('moves the deadline at once when the server sends a new one', async () => {
    const { actor } = await inExam();
    actor.send({ type: 'server.time', serverNow: new Date(SERVER_NOW).toISOString(), deadlineAt: new Date(SERVER_NOW + 40 * MINUTE).toISOString() });
    expect(contextTimeLeft(actor.getSnapshot().context, RECEIVED_AT)).toBe(40 * MINUTE - 100);
  });

  it('re-joins when the tab becomes visible again', async () => {
    const { actor, toSession } = await inExam();
    actor.send({ type: 'page.visible' });
    expect(toSession).toContainEqual({ type: 'session.join' });
  });

  describe('time', () => {
    // Our clock reads the deadline 5 s early (the offset).
    const afterDeadline = SERVER_NOW - 5000 + 30 * MINUTE;

    it('ends at zero with Time expired, then takes the server’s submission', async () => {
      const { actor, effects } = await inExam();
      actor.send({ type: 'timer.tick', now: afterDeadline - 1000 });
      expect(actor.getSnapshot().matches({ attempt: 'inProgress' })).toBe(true);
      actor.send({ type: 'timer.tick', now: afterDeadline });
      expect(actor.getSnapshot().matches({ attempt: 'timeExpired' })).toBe(true);
      actor.send({ type: 'server.submitted', reason: 'time-expired' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context.outcome).toEqual({ submissionId: ATTEMPT, reason: 'time-expired' });
      expect(effects.cleared).toEqual([ATTEMPT]);
      expect(effects.exitedFullscreen).toBe(1);
    });

    it('still sends drafts flushed at zero', async () => {
      const { actor, saves } = await inExam();
      actor.send({ type: 'timer.expired' });
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'last words' });
      expect(saves()).toHaveLength(1);
    });

    it('asks the server again when its word does not come, and ends when the join says submitted', async () => {
      const { actor, toSession } = await inExam();
      actor.send({ type: 'timer.expired' });
      await waitFor(actor, () => toSession.some((c) => c.type === 'session.join'));
      actor.send(joined(serverState({ status: 'submitted' })));
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context.outcome?.reason).toBe('time-expired');
    });

    it('goes back to the exam when the server’s clock says there is time left', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'timer.expired' });
      actor.send(joined(serverState({ deadlineAt: new Date(SERVER_NOW + 30 * MINUTE).toISOString() })));
      expect(actor.getSnapshot().matches({ attempt: 'inProgress' })).toBe(true);
    });
  });

  describe('violations', () => {
    it('reports to the server and shows the warning with the server’s counts', async () => {
      const { actor, toSession } = await inExam();
      actor.send({ type: 'violation.reported', violationType: 'tab-switch', at: 5 });
      expect(toSession).toContainEqual({ type: 'session.violation', violationType: 'tab-switch', at: 5 });
      actor.send({ type: 'violation.acked', violationType: 'tab-switch', counts: { tabSwitches: 3, fullscreenExits: 0 }, submitted: false });
      expect(actor.getSnapshot().context.warning).toMatchObject({ violationType: 'tab-switch', counts: { tabSwitches: 3 } });
      expect(actor.getSnapshot().matches({ attempt: 'inProgress' })).toBe(true);
    });

    it('explains with the counts of the violation whose ack comes after the server’s word', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'server.submitted', reason: 'violations' });
      actor.send({ type: 'violation.acked', violationType: 'tab-switch', counts: { tabSwitches: 4, fullscreenExits: 0 }, submitted: true });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context).toMatchObject({ outcome: { reason: 'violations' }, counts: { tabSwitches: 4 } });
    });

    it('ends when the server says the violation submitted the exam', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'violation.acked', violationType: 'tab-switch', counts: { tabSwitches: 4, fullscreenExits: 0 }, submitted: true });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context.outcome?.reason).toBe('violations');
      expect(actor.getSnapshot().context.counts.tabSwitches).toBe(4);
    });
  });

  describe('the proctor', () => {
    it('sends a student auto-submitted for violations back to the exam when reinstated, re-joining for answers and time', async () => {
      const { actor, toSession } = await inExam();
      actor.send({ type: 'socket.connected' });
      actor.send({ type: 'violation.acked', violationType: 'tab-switch', counts: { tabSwitches: 4, fullscreenExits: 0 }, submitted: true });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      const joinsBefore = toSession.filter((c) => c.type === 'session.join').length;

      actor.send({ type: 'server.reinstated' });
      expect(actor.getSnapshot().matches({ attempt: { inProgress: 'online' } })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ outcome: null, counts: { tabSwitches: 0, fullscreenExits: 0 }, warning: null });
      expect(toSession.filter((c) => c.type === 'session.join').length).toBe(joinsBefore + 1);

      actor.send(joined(serverState({ answers: { [Q1]: 'Four', [Q2]: 'Because.' }, seqs: { [Q1]: 3, [Q2]: 1 }, deadlineAt: new Date(SERVER_NOW + 40 * MINUTE).toISOString() })));
      expect(actor.getSnapshot().context.book.answers).toEqual({ [Q1]: 'Four', [Q2]: 'Because.' });
      expect(actor.getSnapshot().context.deadlineAt).toBe(SERVER_NOW + 40 * MINUTE);
    });

    it('ignores a reinstatement while the exam is still running', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'server.reinstated' });
      expect(actor.getSnapshot().matches({ attempt: 'inProgress' })).toBe(true);
    });

    it('shows proctor messages until dismissed, keeping only the latest few', async () => {
      const { actor } = await inExam();
      for (const text of ['One', 'Two', 'Three', 'Four']) actor.send({ type: 'proctor.message', text, at: '2030-01-01T00:00:00.000Z' });
      expect(actor.getSnapshot().context.messages.map((m) => m.text)).toEqual(['Two', 'Three', 'Four']);
      const id = actor.getSnapshot().context.messages[0]!.id;
      actor.send({ type: 'user.dismissMessage', id });
      expect(actor.getSnapshot().context.messages.map((m) => m.text)).toEqual(['Three', 'Four']);
    });

    it('moves the deadline when the server announces an extension', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'server.time', serverNow: new Date(SERVER_NOW).toISOString(), deadlineAt: new Date(SERVER_NOW + 35 * MINUTE).toISOString() });
      expect(actor.getSnapshot().context.deadlineAt).toBe(SERVER_NOW + 35 * MINUTE);
    });
  });

  describe('submitting', () => {
    it('waits for the last saves’ acks, then submits every answer', async () => {
      const { actor, effects } = await inExam();
      actor.send({ type: 'socket.connected' });
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'Essay' });
      actor.send({ type: 'user.submit' });
      expect(actor.getSnapshot().matches({ attempt: { submitting: 'flushing' } })).toBe(true);
      actor.send({ type: 'save.acked', questionId: Q2, seq: 1 });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(effects.submitted[0]).toMatchObject({ examId: EXAM_ID, attemptId: ATTEMPT, answers: { [Q1]: 'Four', [Q2]: 'Essay' } });
      expect(actor.getSnapshot().context.outcome).toEqual({ submissionId: ATTEMPT, reason: 'student' });
      // The screen shows the result at once only for a submission made here.
      expect(actor.getSnapshot().context.submittedHere).toBe(true);
    });

    it('counts the server’s word that overtakes the submit call’s answer as submitted here', async () => {
      const { actor } = await inExam({ submit: () => new Promise(() => undefined) });
      actor.send({ type: 'user.submit' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitting: 'sending' } }));
      actor.send({ type: 'server.submitted', reason: 'student' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context).toMatchObject({ submittedHere: true, outcome: { submissionId: ATTEMPT, reason: 'student' } });
    });

    it('says “Exam submitted successfully!” once when the socket’s attempt:submitted overtakes the submit call’s answer', async () => {
      let answer!: (outcome: { submissionId: string; reason: 'student' }) => void;
      const { actor, effects } = await inExam({ submit: () => new Promise((resolve) => (answer = resolve)) });
      actor.send({ type: 'user.submit' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitting: 'sending' } }));
      actor.send({ type: 'server.submitted', reason: 'student' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      // The call's answer comes after all: still one toast.
      answer({ submissionId: ATTEMPT, reason: 'student' });
      await Promise.resolve();
      expect(effects.submittedToasts).toBe(1);
    });

    it('says “Exam submitted successfully!” once when the submit call answers before the socket’s word', async () => {
      const { actor, effects } = await inExam();
      actor.send({ type: 'user.submit' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      actor.send({ type: 'server.submitted', reason: 'student' });
      expect(actor.getSnapshot().matches({ attempt: { submitted: 'done' } })).toBe(true);
      expect(effects.submittedToasts).toBe(1);
    });

    it('says nothing of a successful submission the student did not make here (the clock, a proctor)', async () => {
      const { actor, effects } = await inExam();
      actor.send({ type: 'server.submitted', reason: 'proctor' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(effects.submittedToasts).toBe(0);
    });

    it('does not take a submission by the clock as the student’s own', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'server.submitted', reason: 'time-expired' });
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context.submittedHere).toBe(false);
    });

    it('gives up honestly when the last saves cannot be sent', async () => {
      const { actor, effects } = await inExam();
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'Essay' });
      actor.send({ type: 'user.submit' });
      await waitFor(actor, (s) => s.matches({ attempt: 'inProgress' }));
      expect(effects.submitErrors).toEqual(['Some answers have not reached the server yet. Check your connection and try again.']);
      expect(effects.submitted).toEqual([]);
    });

    it('returns to the exam with the server’s message when the submit call fails', async () => {
      const { actor, effects } = await inExam({ submit: () => Promise.reject(new TakingError('other', 'Server error. Please try again later.')) });
      actor.send({ type: 'user.submit' });
      await waitFor(actor, (s) => s.matches({ attempt: 'inProgress' }));
      expect(effects.submitErrors).toEqual(['Server error. Please try again later.']);
    });
  });

  describe('closing from elsewhere', () => {
    it('asks why when a join finds the attempt closed', async () => {
      const { actor } = await inExam();
      actor.send(joined(serverState({ status: 'submitted' })));
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context.submittedHere).toBe(false);
      expect(actor.getSnapshot().context.outcome?.reason).toBe('proctor');
    });

    it('counts the offline answers a closed attempt never got', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'too late' });
      actor.send(joined(serverState({ status: 'submitted' })));
      await waitFor(actor, (s) => s.matches({ attempt: { submitted: 'done' } }));
      expect(actor.getSnapshot().context).toMatchObject({ lostSaves: 1, book: { pending: {} } });
    });

    it('counts the saves the closed attempt refused and re-joins to learn its status', async () => {
      const { actor, toSession } = await inExam();
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'late' });
      actor.send({ type: 'save.rejected', questionId: Q2, seq: 1, code: 'attempt-closed', message: 'closed' });
      expect(actor.getSnapshot().context.lostSaves).toBe(1);
      expect(actor.getSnapshot().context.book.pending).toEqual({});
      expect(toSession).toContainEqual({ type: 'session.join' });
    });

    it('keeps and retries a save refused because the session ended under the socket', async () => {
      const { actor, saves } = await inExam();
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'keep me' });
      actor.send({ type: 'save.rejected', questionId: Q2, seq: 1, code: 'unauthorized', message: 'Session expired. Please login again.' });
      expect(actor.getSnapshot().context.book.pending[Q2]).toMatchObject({ answer: 'keep me', seq: 1 });
      await waitFor(actor, () => saves().length === 2);
    });

    it('retries a save that had no ack', async () => {
      const { actor, saves } = await inExam();
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'x' });
      actor.send({ type: 'save.failed', questionId: Q2, seq: 1 });
      await waitFor(actor, () => saves().length === 2);
    });

    it('stays on the submitted panel when the socket session ends afterwards', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'server.submitted', reason: 'proctor' });
      actor.send({ type: 'socket.unauthorized' });
      expect(actor.getSnapshot().matches({ attempt: { submitted: 'done' } })).toBe(true);
    });

    it('ends in error when the socket session cannot be renewed', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'socket.unauthorized' });
      expect(actor.getSnapshot().matches('error')).toBe(true);
      expect(actor.getSnapshot().context.failure?.kind).toBe('session');
    });
  });

  describe('loading and starting', () => {
    it('shows the load failure and lets a network failure be retried', async () => {
      let calls = 0;
      const { actor } = harness({
        load: async () => {
          calls += 1;
          if (calls === 1) throw new TakingError('network', 'Network error. Please check your connection.');
          return { exam, attemptInProgress: true };
        },
      });
      await waitFor(actor, (s) => s.matches('error'));
      expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network', message: 'Network error. Please check your connection.' });
      actor.send({ type: 'user.retry' });
      await waitFor(actor, (s) => s.matches('attempt'));
      expect(actor.getSnapshot().context.attemptInProgress).toBe(true);
    });

    it('goes straight back into an open attempt (a reload), at the question and with the marks the student left', async () => {
      const { actor } = harness({
        load: async () => ({ exam, attemptInProgress: true }),
        restore: async () => ({ ...restoredNothing, marked: [Q2], current: 1 }),
      });
      const seen: string[] = [];
      actor.subscribe((s) => seen.push(JSON.stringify(s.value)));
      await waitFor(actor, (s) => s.matches({ attempt: 'inProgress' }));
      expect(seen.some((v) => v.includes('startScreen'))).toBe(false);
      expect(actor.getSnapshot().context).toMatchObject({ current: 1, marked: [Q2], book: { answers: { [Q1]: 'Four' } } });
    });

    it('offers the start screen again when resuming the open attempt fails', async () => {
      const { actor, effects } = harness({
        load: async () => ({ exam, attemptInProgress: true }),
        start: () => Promise.reject(new TakingError('other', 'Network error. Please check your connection.')),
      });
      await waitFor(actor, (s) => s.matches('startScreen') && effects.startErrors.length > 0);
    });

    it('does not retry a missing exam', async () => {
      const { actor } = harness({ load: () => Promise.reject(new TakingError('not-found', 'Exam not found.')) });
      await waitFor(actor, (s) => s.matches('error'));
      actor.send({ type: 'user.retry' });
      expect(actor.getSnapshot().matches('error')).toBe(true);
    });

    it('returns to the start screen with the reason when starting fails', async () => {
      const { actor, effects } = harness({ start: () => Promise.reject(new TakingError('other', 'You have already attempted this exam.')) });
      await waitFor(actor, (s) => s.matches('startScreen'));
      actor.send({ type: 'user.start' });
      await waitFor(actor, (s) => s.matches('startScreen') && effects.startErrors.length > 0);
      expect(effects.startErrors).toEqual(['You have already attempted this exam.']);
    });
  });

  it('moves between questions and keeps marks for review', async () => {
    const { actor, effects } = await inExam();
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.current).toBe(1);
    actor.send({ type: 'user.toggleMark', questionId: Q2 });
    actor.send({ type: 'user.goto', index: 0 });
    expect(actor.getSnapshot().context).toMatchObject({ current: 0, marked: [Q2] });
    expect(effects.review.at(-1)).toEqual({ attemptId: ATTEMPT, marked: [Q2], current: 0 });
  });

  describe('proctoring that sees', () => {
    const HASH = 'a'.repeat(64);

    it('stores the student’s consent before it starts the attempt', async () => {
      const { actor, order } = harness();
      await waitFor(actor, (s) => s.matches('startScreen'));
      actor.send({ type: 'consent.accepted', profileHash: HASH });
      actor.send({ type: 'user.start' });
      await waitFor(actor, (s) => s.matches('attempt'));
      expect(order).toEqual([`consent ${HASH}`, 'start']);
      expect(actor.getSnapshot().context.consentHash).toBeNull();
    });

    it('goes back to the start screen with the server’s words when the consent is refused, and starts nothing', async () => {
      const { actor, order, effects } = harness({
        consent: async () => {
          throw new Error('The exam’s checks have changed since this page was loaded.');
        },
      });
      await waitFor(actor, (s) => s.matches('startScreen'));
      actor.send({ type: 'consent.accepted', profileHash: HASH });
      actor.send({ type: 'user.start' });
      await waitFor(actor, (s) => s.matches('startScreen') && effects.startErrors.length > 0);
      expect(effects.startErrors).toEqual(['The exam’s checks have changed since this page was loaded.']);
      expect(order).toEqual([`consent ${HASH}`]);
    });

    it('resumes an open attempt without asking for consent again', async () => {
      const { actor, order } = harness({ load: async () => ({ exam, attemptInProgress: true }) });
      await waitFor(actor, (s) => s.matches('attempt'));
      expect(order).toEqual(['start']);
    });

    it('runs the device checks during the attempt and sends each flag with its confidence, duration and id, with no warning on the screen', async () => {
      const { actor, toSession, checksInputs } = await inExam();
      expect(checksInputs).toEqual([{ examId: EXAM_ID, attemptId: ATTEMPT, proctoring: exam.settings.proctoring, waivers: [], onBreak: false }]);
      const flag = { confidence: 0.9, durationMs: 5000, flagId: '33333333-3333-4333-8333-333333333333' };
      actor.send({ type: 'violation.reported', violationType: 'face-missing', at: 5, flag });
      expect(toSession.at(-1)).toEqual({ type: 'session.violation', violationType: 'face-missing', at: 5, flag });
      actor.send({ type: 'violation.acked', violationType: 'face-missing', counts: { tabSwitches: 0, fullscreenExits: 0 }, submitted: false });
      expect(actor.getSnapshot().context.warning).toBeNull();
      expect(actor.getSnapshot().matches({ attempt: 'inProgress' })).toBe(true);
    });

    it('switches a check off when a proctor waives it, and on again when the waiver is taken back', async () => {
      const { actor, toChecks } = await inExam();
      actor.send({ type: 'proctor.waiver', check: 'face', granted: true });
      actor.send({ type: 'proctor.waiver', check: 'face', granted: true });
      expect(toChecks.at(-1)).toEqual({ type: 'waivers', waivers: ['face'] });
      actor.send({ type: 'proctor.waiver', check: 'face', granted: false });
      expect(toChecks.at(-1)).toEqual({ type: 'waivers', waivers: [] });
    });

    it('asks for the screen again while the share is stopped, and not once a proctor waives it', async () => {
      const { actor } = await inExam();
      actor.send({ type: 'screen.ended' });
      expect(actor.getSnapshot().context.screenShareLost).toBe(true);
      actor.send({ type: 'screen.reshared' });
      expect(actor.getSnapshot().context.screenShareLost).toBe(false);
      actor.send({ type: 'screen.ended' });
      actor.send({ type: 'proctor.waiver', check: 'screen-share', granted: true });
      expect(actor.getSnapshot().context.screenShareLost).toBe(false);
    });
  });

  describe('rest breaks', () => {
    /** Our clock is 5 s behind the server's: this is our time at a server time. */
    const ours = (server: number) => server - 5000;
    const DEADLINE = SERVER_NOW + 30 * MINUTE;
    /** A break that started at `start` (server time) with `left` of the allowance still to take. */
    const onBreakFrom = (start: number, usedMs = 0) => rest({ state: 'on-break', startedAt: iso(start), endsAt: iso(start + 10 * MINUTE - usedMs), usedMs });
    const heard = (serverNow: number, state: BreakState, refused?: boolean) => ({ type: 'server.break' as const, serverNow: iso(serverNow), break: state, ...(refused ? { refused } : {}) });
    const tick = (server: number) => ({ type: 'timer.tick' as const, now: ours(server) });
    const time = (serverNow: number, deadline: number) => ({ type: 'server.time' as const, serverNow: iso(serverNow), deadlineAt: iso(deadline) });

    async function withBreaks() {
      const h = await inExam({ start: async () => started({ break: rest() }) });
      h.actor.send({ type: 'socket.connected' });
      return h;
    }

    it('asks, waits for a proctor, stops the clock on the break, and runs it again from where it stood after coming back', async () => {
      const { actor, toSession } = await withBreaks();
      const left = () => contextTimeLeft(actor.getSnapshot().context);
      actor.send({ type: 'user.break', action: 'request' });
      expect(toSession.at(-1)).toEqual({ type: 'session.break', action: 'request' });
      expect(actor.getSnapshot().context.breakBusy).toBe(true);
      actor.send(heard(SERVER_NOW + MINUTE, rest({ state: 'requested', requestedAt: iso(SERVER_NOW + MINUTE) })));
      expect(actor.getSnapshot().context.breakBusy).toBe(false);
      expect(actor.getSnapshot().context.rest?.state).toBe('requested');

      // Granted 4 minutes in: 26 minutes of the exam left, and there they stay while away.
      const start = SERVER_NOW + 4 * MINUTE;
      actor.send(tick(start));
      actor.send(heard(start, onBreakFrom(start)));
      expect(contextOnBreak(actor.getSnapshot().context)).toBe(true);
      expect(left()).toBe(26 * MINUTE);
      // The server moved the deadline by the whole break left; the attempt:time follows the break's event.
      actor.send(time(start + 50, DEADLINE + 10 * MINUTE));
      actor.send(tick(start + 3 * MINUTE));
      expect(left()).toBe(26 * MINUTE);
      expect(contextBreakLeft(actor.getSnapshot().context)).toBe(7 * MINUTE);
      // The exam's own length is still 30 minutes: break time is not exam time.
      expect(contextTotalTime(actor.getSnapshot().context)).toBe(30 * MINUTE);

      actor.send({ type: 'user.break', action: 'end' });
      expect(toSession.at(-1)).toEqual({ type: 'session.break', action: 'end' });
      const back = start + 3 * MINUTE;
      actor.send(heard(back, rest({ usedMs: 3 * MINUTE })));
      expect(contextOnBreak(actor.getSnapshot().context)).toBe(false);
      // The break's end came before the deadline's: it already counts from 26 minutes.
      expect(left()).toBe(26 * MINUTE);
      actor.send(time(back + 50, DEADLINE + 3 * MINUTE));
      actor.send(tick(back + MINUTE));
      expect(left()).toBe(25 * MINUTE);
      expect(contextBreakLeft(actor.getSnapshot().context)).toBe(7 * MINUTE);
      expect(actor.getSnapshot().context.breakNotice).toBeNull();
    });

    it('keeps the time left right when the moved deadline arrives before the break itself', async () => {
      const { actor } = await withBreaks();
      const start = SERVER_NOW + 2 * MINUTE;
      actor.send(tick(start));
      actor.send(time(start + 10, DEADLINE + 10 * MINUTE));
      actor.send(heard(start, onBreakFrom(start)));
      actor.send(tick(start + 5 * MINUTE));
      expect(contextTimeLeft(actor.getSnapshot().context)).toBe(28 * MINUTE);
    });

    it('does not time out on a break that outlasts the original deadline', async () => {
      const { actor } = await withBreaks();
      const start = DEADLINE - MINUTE;
      actor.send(tick(start));
      actor.send(heard(start, onBreakFrom(start)));
      actor.send(tick(DEADLINE + MINUTE));
      expect(actor.getSnapshot().matches({ attempt: 'inProgress' })).toBe(true);
      expect(contextTimeLeft(actor.getSnapshot().context)).toBe(MINUTE);
    });

    it('tells the student when a proctor refuses, and lets them ask again', async () => {
      const { actor } = await withBreaks();
      actor.send({ type: 'user.break', action: 'request' });
      actor.send(heard(SERVER_NOW + MINUTE, rest({ state: 'requested', requestedAt: iso(SERVER_NOW + MINUTE) })));
      actor.send(heard(SERVER_NOW + 2 * MINUTE, rest(), true));
      expect(actor.getSnapshot().context.breakNotice).toEqual({ kind: 'refused' });
      expect(actor.getSnapshot().context.rest?.state).toBe('none');
      actor.send({ type: 'user.dismissBreakNotice' });
      expect(actor.getSnapshot().context.breakNotice).toBeNull();
    });

    it("starts an automatic break from the request's answer, and a late, older word does not undo it", async () => {
      const { actor } = await withBreaks();
      actor.send({ type: 'user.break', action: 'request' });
      const start = SERVER_NOW + MINUTE;
      actor.send(tick(start));
      actor.send(heard(start, { ...onBreakFrom(start), automatic: true }));
      // The room's event for the request before it (an older state) arrives late: it changes nothing.
      actor.send(heard(start - 1000, rest({ state: 'requested', requestedAt: iso(start - 1000) })));
      expect(contextOnBreak(actor.getSnapshot().context)).toBe(true);
    });

    it('shows what the server refused to do, in its words', async () => {
      const { actor } = await withBreaks();
      actor.send({ type: 'user.break', action: 'request' });
      actor.send({ type: 'break.failed', message: 'You have used all your rest-break time.' });
      expect(actor.getSnapshot().context.breakNotice).toEqual({ kind: 'failed', message: 'You have used all your rest-break time.' });
      expect(actor.getSnapshot().context.breakBusy).toBe(false);
    });

    it('keeps an answer the server refused during the break and sends it again once the break is over', async () => {
      const { actor, saves, toSession } = await withBreaks();
      const start = SERVER_NOW + MINUTE;
      actor.send(tick(start));
      actor.send(heard(start, onBreakFrom(start)));
      // What was typed when the questions went away goes out, and is refused.
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'Because.' });
      expect(saves()).toHaveLength(1);
      actor.send({ type: 'save.rejected', questionId: Q2, seq: 1, code: 'on-break', message: 'You are on a rest break' });
      expect(actor.getSnapshot().context.book.pending[Q2]?.answer).toBe('Because.');
      // No retries while away, not even after a reconnect's join.
      await new Promise((r) => setTimeout(r, 30));
      actor.send(joined(serverState({ break: onBreakFrom(start), serverNow: iso(start + MINUTE) }), ours(start + MINUTE)));
      expect(saves()).toHaveLength(1);
      expect(toSession.filter((c) => c.type === 'session.join')).toHaveLength(0);

      actor.send(heard(start + 2 * MINUTE, rest({ usedMs: 2 * MINUTE })));
      expect(saves()).toHaveLength(2);
      expect(saves().at(-1)).toMatchObject({ questionId: Q2, answer: 'Because.', seq: 1 });
      expect(actor.getSnapshot().context.lostSaves).toBe(0);
    });

    it('asks where the break stands when a save is refused for a break it had not heard of', async () => {
      const { actor, toSession } = await withBreaks();
      actor.send({ type: 'user.answer', questionId: Q2, answer: 'Because.' });
      actor.send({ type: 'save.rejected', questionId: Q2, seq: 1, code: 'on-break', message: 'You are on a rest break' });
      expect(toSession.at(-1)).toEqual({ type: 'session.join' });
      expect(actor.getSnapshot().context.book.pending[Q2]).toBeDefined();
    });

    it('sends no violation while the student is on a break, and pauses the checks on the device', async () => {
      const { actor, toSession, toChecks } = await withBreaks();
      const start = SERVER_NOW + MINUTE;
      actor.send(tick(start));
      actor.send(heard(start, onBreakFrom(start)));
      expect(toChecks.at(-1)).toEqual({ type: 'break', onBreak: true });
      actor.send({ type: 'violation.reported', violationType: 'tab-switch', at: ours(start + MINUTE) });
      expect(toSession.some((c) => c.type === 'session.violation')).toBe(false);
      actor.send(heard(start + 2 * MINUTE, rest({ usedMs: 2 * MINUTE })));
      expect(toChecks.at(-1)).toEqual({ type: 'break', onBreak: false });
      actor.send({ type: 'violation.reported', violationType: 'tab-switch', at: ours(start + 3 * MINUTE) });
      expect(toSession.at(-1)).toMatchObject({ type: 'session.violation', violationType: 'tab-switch' });
    });

    it('brings the questions back when the break time runs out, and says so when the server confirms', async () => {
      const { actor } = await withBreaks();
      const start = SERVER_NOW + MINUTE;
      actor.send(tick(start));
      actor.send(heard(start, onBreakFrom(start)));
      actor.send(time(start + 10, DEADLINE + 10 * MINUTE));
      const end = start + 10 * MINUTE;
      actor.send(tick(end + 1000));
      expect(contextOnBreak(actor.getSnapshot().context)).toBe(false);
      // The clock runs again from the 29 minutes it stood at.
      expect(contextTimeLeft(actor.getSnapshot().context)).toBe(29 * MINUTE - 1000);
      actor.send(heard(end + 1000, rest({ usedMs: 10 * MINUTE })));
      expect(actor.getSnapshot().context.breakNotice).toEqual({ kind: 'usedUp' });
      expect(contextBreakLeft(actor.getSnapshot().context)).toBe(0);
      expect(contextTimeLeft(actor.getSnapshot().context)).toBe(29 * MINUTE - 1000);
    });

    it('takes the break under way from the join after a reload: the clock stands still from the start', async () => {
      const start = SERVER_NOW - 2 * MINUTE;
      const h = await inExam({ start: async () => started({ break: onBreakFrom(start), deadlineAt: iso(DEADLINE + 10 * MINUTE) }) });
      h.actor.send(tick(SERVER_NOW + MINUTE));
      expect(contextOnBreak(h.actor.getSnapshot().context)).toBe(true);
      expect(contextTimeLeft(h.actor.getSnapshot().context)).toBe(32 * MINUTE);
      expect(h.checksInputs.at(-1)?.onBreak).toBe(true);
    });

    it("applies a teacher's change of accommodation at once", async () => {
      const { actor } = await withBreaks();
      const view = accommodationView({ ...NO_ACCOMMODATION, largerText: true });
      actor.send({ type: 'server.accommodation', accommodation: view });
      expect(actor.getSnapshot().context.accommodation).toEqual(view);
      actor.send({ type: 'server.accommodation', accommodation: null });
      expect(actor.getSnapshot().context.accommodation).toBeNull();
    });
  });
});

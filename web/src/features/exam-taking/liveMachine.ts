import { fromPromise } from 'xstate';
import { createSocket, refreshSocketToken } from '../../api/socket';
import { i18n } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { loadExam, readSubmitReason, startAttempt, submitAttempt } from './api';
import { cameraResponder } from './cameraResponder';
import { submitOverSocket } from './liveSubmit';
import { examMedia } from './examMedia';
import { examTakingMachine } from './examTakingMachine';
import { exitFullscreen } from './fullscreen';
import { createOutbox } from './outbox';
import { pageEvents, ticker } from './pageEvents';
import { clearReviewState, readReviewState, writeReviewState } from './reviewMarks';
import { createSessionActor } from './sessionActor';
import { thumbSender } from './proctoring/thumbSender';
import type { RestoredLocal } from './types';

/** The machine wired to the real world: HTTP, the socket, IndexedDB, localStorage, the page, toasts. */

/** What the student's browser answers proctors with on the attempt's socket: the live camera (and screen), and the hall's small pictures. */
const respondCamera = cameraResponder(examMedia.get);
const sendThumbs = thumbSender();
const answerProctors: typeof respondCamera = (socket, attemptId) => {
  const stopCamera = respondCamera(socket, attemptId);
  const stopThumbs = sendThumbs(socket, attemptId);
  return () => {
    stopCamera();
    stopThumbs();
  };
};
export function createLiveExamMachine() {
  const outbox = createOutbox();
  return examTakingMachine.provide({
    actors: {
      loadExam: fromPromise(({ input }) => loadExam(input.examId)),
      startAttempt: fromPromise(({ input }) => startAttempt(input.examId)),
      restoreLocal: fromPromise(async ({ input }): Promise<RestoredLocal> => {
        const review = readReviewState(input.attemptId);
        try {
          const saved = await outbox.list(input.attemptId);
          return { pending: saved.map(({ attemptId: _, ...p }) => p), ...review, outboxAvailable: true };
        } catch {
          return { pending: [], ...review, outboxAvailable: false };
        }
      }),
      // Over the open socket when it can, else over HTTP (both close the attempt the same way).
      submitAttempt: fromPromise(async ({ input }) => (await submitOverSocket(input)) ?? submitAttempt(input)),
      readSubmitReason: fromPromise(({ input }) => readSubmitReason(input.attemptId)),
      session: createSessionActor({ createSocket, outbox, refreshToken: refreshSocketToken, attachCamera: answerProctors }),
      ticker,
      pageEvents,
    },
    actions: {
      notifyStartError: (_, { message }) => notifyError(i18n.t('examTaking:errors.startToast', { message })),
      notifySubmitError: (_, { message }) => notifyError(i18n.t('examTaking:errors.submitToast', { message })),
      notifyStarted: (_, { message }) => notifySuccess(message ?? i18n.t('examTaking:startedToast')),
      notifySubmitted: () => notifySuccess(i18n.t('examTaking:submittedToast')),
      persistReview: (_, { attemptId, marked, current }) => {
        if (attemptId) writeReviewState(attemptId, { marked, current });
      },
      clearLocal: (_, { attemptId }) => {
        if (!attemptId) return;
        clearReviewState(attemptId);
        void outbox.clear(attemptId).catch(() => undefined);
      },
      exitFullscreen: () => exitFullscreen(),
    },
  });
}

import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { useFocusMode } from '../../lib/focusMode';
import { useAuth } from '../../session/useAuth';
import { useOnReconnected } from '../../session/useOnReconnected';
import { ExamActor } from './examActor';
import { examMedia } from './examMedia';
import { enterFullscreen } from './fullscreen';
import { screenShare } from './proctoring/screenShare';
import { LeaveGuard } from './LeaveGuard';
import { createLiveExamMachine } from './liveMachine';
import { LoadError } from './LoadError';
import { QuestionScreen } from './QuestionScreen';
import { attemptOpen, phaseOf } from './selectors';
import { StartScreen } from './StartScreen';
import { SubmittedPanel } from './SubmittedPanel';
import { SebRequiredPanel } from '../seb/SebRequiredPanel';

/** /exam/{examId} for students: one machine per exam, restarted when the id changes. */
export function ExamTakingPage() {
  const { examId = '' } = useParams();
  return <ExamTaking key={examId} examId={examId} />;
}

function ExamTaking({ examId }: { examId: string }) {
  const logic = useMemo(() => createLiveExamMachine(), []);
  // The camera and the shared screen stay on for the attempt and go off when the student leaves the exam screen.
  useEffect(
    () => () => {
      examMedia.stop();
      screenShare.stop();
    },
    [],
  );
  return (
    <ExamActor.Provider logic={logic} options={{ input: { examId } }}>
      <ExamTakingView />
    </ExamActor.Provider>
  );
}

/**
 * While the attempt is open the exam is a room of its own: no header, navigation or footer, and
 * leaving asks first. The server keeps the clock either way.
 */
function ExamTakingView() {
  const phase = ExamActor.useSelector(phaseOf);
  const open = attemptOpen(phase);
  useFocusMode(open);
  return (
    <>
      <LeaveGuard attemptOpen={open} />
      <PhaseScreen />
    </>
  );
}

function PhaseScreen() {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const phase = ExamActor.useSelector(phaseOf);
  const submittedHere = ExamActor.useSelector((s) => s.context.submittedHere);
  const submissionId = ExamActor.useSelector((s) => s.context.outcome?.submissionId ?? '');
  const exam = ExamActor.useSelector((s) => s.context.exam);
  const attemptInProgress = ExamActor.useSelector((s) => s.context.attemptInProgress);
  const failure = ExamActor.useSelector((s) => s.context.failure);
  const canRetry = failure?.kind === 'network' || failure?.kind === 'other';
  // A reload while the server restarts: wait for it (the shell says it reconnects), then load again.
  const { reconnecting } = useAuth();
  useOnReconnected(() => actor.send({ type: 'user.retry' }));

  switch (phase) {
    case 'loading':
      return <PageLoader label={t('page.loading')} />;
    case 'error':
      if (reconnecting && canRetry) return <PageLoader label={t('page.waitingForServer')} />;
      if (failure?.seb) return <SebRequiredPanel links={failure.seb} />;
      return <LoadError failure={failure ?? { kind: 'other', message: '' }} onRetry={canRetry ? () => actor.send({ type: 'user.retry' }) : undefined} />;
    case 'start':
    case 'starting':
      if (!exam) return <PageLoader label={t('page.loading')} />;
      return (
        <StartScreen
          exam={exam}
          attemptInProgress={attemptInProgress}
          starting={phase === 'starting'}
          onStart={() => {
            // Inside the click itself: browsers grant fullscreen only to a user gesture.
            const p = exam.settings.proctoring;
            if (p.enabled && p.requireFullscreen) enterFullscreen();
            actor.send({ type: 'user.start' });
          }}
        />
      );
    case 'submitted':
      // Submitted here: straight to the result. Ended by the clock, the proctor or
      // the rules: the panel says why first, with the way to the result.
      // In Safe Exam Browser the panel stays, with the way out of SEB beside the result's.
      if (submittedHere && submissionId && !exam?.settings.requireSeb) return <Navigate to={`/exam-result/${submissionId}`} replace />;
      return <SubmittedPanel />;
    default:
      return <QuestionScreen phase={phase} />;
  }
}

import type { Role, SubmissionDetail } from '@exam/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye, IconEyeOff, IconLock, IconShieldCheck, IconTimeline } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Section } from '../../../components/Section';
import { StatCard } from '../../../components/StatCard';
import { enumLabel } from '../../../i18n/format';
import { formatDateTimeWithZone } from '../../../lib/format';
import { formatTimeSpent, studentName } from '../../../lib/resultLabels';
import { RESULT_TEXT } from '../messages';
import { AnswerList } from './AnswerList';
import { HoldNotice, holdReaderOf } from './IntegrityHold';
import { PerformanceBars } from './PerformanceBars';
import { ScoreSummary } from './ScoreSummary';
import { WaitingNotice, waitsForMarking } from './WaitingForMarking';
import { SecurityReport } from './SecurityReport';

interface ResultViewProps {
  detail: SubmissionDetail;
  role: Role;
}

/**
 * The result screen for one submission. What it may show was decided by the
 * server: hidden results come without a score, keys only when the exam shows them. A result held
 * by the integrity review shows its student and parents why, and nothing of the score; staff see
 * the reason above the score and a way to the attempt's review. An attempt waiting for marks
 * shows its student and parents "Waiting for marking", never a score. Once the result is out, the
 * student may read the timeline of their attempt.
 */
export function ResultView({ detail, role }: ResultViewProps) {
  const { t } = useTranslation('results');
  const { submission } = detail;
  const [showKeys, setShowKeys] = useState(false);
  const staff = role === 'teacher' || role === 'admin';
  const canToggle = submission.showCorrectAnswers && submission.answers.some((a) => a.correctAnswer || a.explanation);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {submission.exam.title}
          </Title>
          <Text c="dimmed">
            {[
              enumLabel('subjects', submission.exam.subject),
              role !== 'student' && studentName(submission.student),
              submission.attemptNumber > 1 && t('view.attempt', { number: submission.attemptNumber }),
              submission.submittedAt && t('view.submittedAt', { date: formatDateTimeWithZone(submission.submittedAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          {canToggle && submission.resultsReleased && (
            <Button
              variant="light"
              leftSection={showKeys ? <IconEyeOff size={16} /> : <IconEye size={16} />}
              aria-pressed={showKeys}
              onClick={() => setShowKeys((v) => !v)}
            >
              {showKeys ? t('view.hideAnswers') : t('view.showAnswers')}
            </Button>
          )}
          {staff && submission.isSubmitted && (
            <Button component={Link} to={`/grade-submission/${submission._id}`} variant="light">
              {submission.isGraded ? t('view.regrade') : t('view.gradeSubmission')}
            </Button>
          )}
          <Button component={Link} to="/dashboard" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            {t('page.backToDashboard')}
          </Button>
        </Group>
      </Group>

      {submission.integrityHold && <HoldNotice hold={submission.integrityHold} reader={holdReaderOf(role)} />}
      {staff && (submission.integrityHold || (submission.integrityState && submission.integrityState !== 'clear')) && (
        <Button component={Link} to={`/exam/${submission.examId}/review?attempt=${submission._id}`} variant="light" w="fit-content" leftSection={<IconShieldCheck size={16} />}>
          {t('integrity:links.reviewAttempt')}
        </Button>
      )}
      {submission.integrityHold && !staff ? null : waitsForMarking(submission, staff) ? (
        <WaitingNotice />
      ) : !submission.resultsReleased ? (
        <Alert color="blue" icon={<IconLock />} title={t('view.notReleasedTitle')} data-testid="results-hidden">
          {RESULT_TEXT.resultsHidden}
        </Alert>
      ) : (
        <>
          <ScoreSummary submission={submission} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <StatCard label={t('view.timeSpent')} value={formatTimeSpent(submission.timeSpent)} />
            <StatCard label={t('view.totalQuestions')} value={submission.totalQuestions} />
            <StatCard label={t('view.correct')} value={submission.correctAnswers ?? 0} />
            <StatCard label={t('view.incorrect')} value={submission.incorrectAnswers ?? 0} />
          </SimpleGrid>
          <Section title={t('view.performance')}>
            <PerformanceBars submission={submission} />
          </Section>
          <Section title={t('view.securityReport')}>
            <SecurityReport submission={submission} />
          </Section>
          {role === 'student' && (
            <Section title={t('integrity:own.link')}>
              <Text size="sm" mb="xs">
                {t('integrity:own.linkHint')}
              </Text>
              <Button component={Link} to={`/exam-result/${submission._id}/timeline`} variant="light" leftSection={<IconTimeline size={16} />}>
                {t('integrity:own.link')}
              </Button>
            </Section>
          )}
          {submission.answers.length > 0 && (
            <Section title={t('view.answers')}>
              <AnswerList answers={submission.answers} showKeys={showKeys} answerLabel={role === 'student' ? t('view.yourAnswer') : t('view.studentsAnswer')} />
            </Section>
          )}
        </>
      )}
    </Stack>
  );
}

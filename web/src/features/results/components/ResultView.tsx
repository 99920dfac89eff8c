import type { Role } from '@exam/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye, IconEyeOff, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Section } from '../../../components/Section';
import { StatCard } from '../../../components/StatCard';
import { formatDateTime, titleCase } from '../../../lib/format';
import { formatTimeSpent, studentName } from '../labels';
import { RESULT_TEXT } from '../messages';
import type { SubmissionDetail } from '../types';
import { AnswerList } from './AnswerList';
import { PerformanceBars } from './PerformanceBars';
import { ScoreSummary } from './ScoreSummary';
import { SecurityReport } from './SecurityReport';

interface ResultViewProps {
  detail: SubmissionDetail;
  role: Role;
}

/**
 * The result screen of spec core §2 for one submission. What it may show was decided by the
 * server: hidden results come without a score, keys only when the exam shows them.
 */
export function ResultView({ detail, role }: ResultViewProps) {
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
            {titleCase(submission.exam.subject)}
            {role !== 'student' && ` · ${studentName(submission.student)}`}
            {submission.attemptNumber > 1 && ` · Attempt ${submission.attemptNumber}`}
            {submission.submittedAt && ` · Submitted ${formatDateTime(submission.submittedAt)}`}
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
              {showKeys ? 'Hide Answers' : 'Show Answers'}
            </Button>
          )}
          {staff && submission.isSubmitted && (
            <Button component={Link} to={`/grade-submission/${submission._id}`} variant="light">
              {submission.isGraded ? 'Regrade' : 'Grade Submission'}
            </Button>
          )}
          <Button component={Link} to="/dashboard" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Back to Dashboard
          </Button>
        </Group>
      </Group>

      {!submission.resultsReleased ? (
        <Alert color="blue" icon={<IconLock />} title="Results not released yet" data-testid="results-hidden">
          {RESULT_TEXT.resultsHidden}
        </Alert>
      ) : (
        <>
          <ScoreSummary submission={submission} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <StatCard label="Time Spent" value={formatTimeSpent(submission.timeSpent)} />
            <StatCard label="Total Questions" value={submission.totalQuestions} />
            <StatCard label="Correct" value={submission.correctAnswers ?? 0} />
            <StatCard label="Incorrect" value={submission.incorrectAnswers ?? 0} />
          </SimpleGrid>
          <Section title="Performance">
            <PerformanceBars submission={submission} />
          </Section>
          <Section title="Security Report">
            <SecurityReport submission={submission} />
          </Section>
          {submission.answers.length > 0 && (
            <Section title="Answers">
              <AnswerList answers={submission.answers} showKeys={showKeys} answerLabel={role === 'student' ? 'Your answer' : 'Student’s answer'} />
            </Section>
          )}
        </>
      )}
    </Stack>
  );
}

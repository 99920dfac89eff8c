import { msg } from '../../i18n/messages';
import { Alert, Box, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { formatDateTime, titleCase } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resultsApi } from '../results/api';
import { StatusBadge } from '../results/components/StatusBadge';
import { useSubmission } from '../results/hooks';
import { percentText, studentName } from '../results/labels';
import { isNotFound, loadFailure, RESULT_TEXT } from '../results/messages';
import type { SubmissionDetail } from '../results/types';
import { GradeHistory } from './components/GradeHistory';
import { GradingForm } from './GradingForm';
import { useAnonymousMode } from './useAnonymousMode';

export const NO_MORE_UNGRADED = 'No more submissions are waiting for grading.';

/** The oldest other submission of the exam still waiting for marks, if any. */
async function nextUngraded(examId: string, currentId: string): Promise<string | null> {
  const page = await resultsApi.list({ examId, status: 'reviewing', sortBy: 'submittedAt', sortOrder: 'asc', limit: 2 });
  return page.submissions.find((s) => s._id !== currentId)?._id ?? null;
}

function Who({ detail, anonymous }: { detail: SubmissionDetail; anonymous: boolean }) {
  const s = detail.submission;
  if (anonymous) {
    return (
      <Text data-testid="grading-student">
        Student hidden (anonymous grading) · Attempt {s.attemptNumber}
      </Text>
    );
  }
  return (
    <Text data-testid="grading-student">
      {studentName(s.student)}
      {s.student.email && ` (${s.student.email})`} · Attempt {s.attemptNumber}
      {s.submittedAt && ` · Submitted ${formatDateTime(s.submittedAt)}`}
    </Text>
  );
}

/** /grade-submission/{submissionId} (teacher or admin): marks and feedback for one submission. */
export function GradeSubmissionPage() {
  const { submissionId = '' } = useParams();
  const navigate = useNavigate();
  const query = useSubmission(submissionId);
  const [anonymous, setAnonymous] = useAnonymousMode();
  const [finding, setFinding] = useState(false);

  if (query.isPending) return <PageLoader label="Loading submission" />;
  if (query.isError) {
    return (
      <Box py="lg">
        {isNotFound(query.error) ? (
          <Alert color="gray" title={RESULT_TEXT.resultNotFound}>
            <Button mt="sm" component={Link} to="/exams" variant="light">
              Back to Exams
            </Button>
          </Alert>
        ) : (
          <LoadError message={loadFailure(query.error, RESULT_TEXT.loadExamResultsFailed)} onRetry={() => void query.refetch()} />
        )}
      </Box>
    );
  }

  const detail = query.data;
  const s = detail.submission;
  const submissionsPath = `/exam/${s.examId}/submissions`;

  const goNext = async () => {
    setFinding(true);
    try {
      const next = await nextUngraded(s.examId, s._id);
      if (next) navigate(`/grade-submission/${next}`);
      else {
        notifySuccess(NO_MORE_UNGRADED);
        navigate(submissionsPath);
      }
    } catch (error) {
      notifyError(loadFailure(error, RESULT_TEXT.fetchSubmissionsFailed));
    } finally {
      setFinding(false);
    }
  };

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to={submissionsPath} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          Back to Submissions
        </Button>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              Grade Submission: {s.exam.title}
            </Title>
            <Text c="dimmed">{titleCase(s.exam.subject)}</Text>
            <Who detail={detail} anonymous={anonymous} />
          </div>
          <Switch
            label="Anonymous grading"
            description="Hides the student’s name and submission time"
            checked={anonymous}
            onChange={(e) => setAnonymous(e.currentTarget.checked)}
          />
        </Group>

        <Paper withBorder p="md" radius="md">
          <Group gap="lg">
            <StatusBadge status={s.displayStatus} />
            <Text data-testid="grading-score">
              Score: {s.score ?? 0} / {s.totalMarks ?? 0} ({percentText(s.percentage)})
            </Text>
            <Text>{s.pendingAnswers === 0 ? 'Every answer is marked.' : `${s.pendingAnswers} waiting for marks`}</Text>
          </Group>
        </Paper>

        {!s.isSubmitted ? (
          <Alert color="yellow">{msg('grading.notSubmitted')}</Alert>
        ) : (
          <GradingForm key={s._id} detail={detail} onNext={() => void goNext()} nextBusy={finding} />
        )}

        {detail.history && (
          <Section title="Grade History">
            <GradeHistory history={detail.history} answers={s.answers} />
          </Section>
        )}
      </Stack>
    </Box>
  );
}

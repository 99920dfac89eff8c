import type { SubmissionDetail } from '@exam/shared';
import { msg } from '../../i18n/messages';
import { Alert, Box, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { enumLabel, formatNumber } from '../../i18n/format';
import { i18n } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resultsApi } from '../results/api';
import { StatusBadge } from '../../components/StatusBadge';
import { useSubmission } from '../results/hooks';
import { percentText, studentName } from '../../lib/resultLabels';
import { isNotFound, loadFailure } from '../results/messages';
import { GradeHistory } from './components/GradeHistory';
import { GradingForm } from './GradingForm';
import { useAnonymousMode } from './useAnonymousMode';

/** Said when Save & Next finds nothing left to grade (read when called, in the language on screen). */
export const noMoreUngradedText = () => i18n.t('grading:grade.noMoreUngraded');

/** The oldest other submission of the exam still waiting for marks, if any. */
async function nextUngraded(examId: string, currentId: string): Promise<string | null> {
  const page = await resultsApi.list({ examId, status: 'reviewing', sortBy: 'submittedAt', sortOrder: 'asc', limit: 2 });
  return page.submissions.find((s) => s._id !== currentId)?._id ?? null;
}

function Who({ detail, anonymous }: { detail: SubmissionDetail; anonymous: boolean }) {
  const { t } = useTranslation('grading');
  const s = detail.submission;
  const attempt = t('grade.attempt', { number: s.attemptNumber });
  if (anonymous) {
    return (
      <Text data-testid="grading-student">
        {t('grade.hidden')} · {attempt}
      </Text>
    );
  }
  return (
    <Text data-testid="grading-student">
      {studentName(s.student)}
      {s.student.email && ` (${s.student.email})`} · {attempt}
      {s.submittedAt && ` · ${t('grade.submittedAt', { date: formatDateTime(s.submittedAt) })}`}
    </Text>
  );
}

/** /grade-submission/{submissionId} (teacher or admin): marks and feedback for one submission. */
export function GradeSubmissionPage() {
  const { t } = useTranslation('grading');
  const { submissionId = '' } = useParams();
  const navigate = useNavigate();
  const query = useSubmission(submissionId);
  const [anonymous, setAnonymous] = useAnonymousMode();
  const [finding, setFinding] = useState(false);

  if (query.isPending) return <PageLoader label={t('grade.loading')} />;
  if (query.isError) {
    return (
      <Box py="lg">
        {isNotFound(query.error) ? (
          <Alert color="gray" title={msg('grading.resultNotFound')}>
            <Button mt="sm" component={Link} to="/exams" variant="light">
              {t('backToExams')}
            </Button>
          </Alert>
        ) : (
          <LoadError message={loadFailure(query.error, t('grade.loadFailed'))} onRetry={() => void query.refetch()} />
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
        notifySuccess(noMoreUngradedText());
        navigate(submissionsPath);
      }
    } catch (error) {
      notifyError(loadFailure(error, t('list.fetchFailed')));
    } finally {
      setFinding(false);
    }
  };

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to={submissionsPath} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          {t('grade.backToSubmissions')}
        </Button>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {t('grade.title', { title: s.exam.title })}
            </Title>
            <Text c="dimmed">{enumLabel('subjects', s.exam.subject)}</Text>
            <Who detail={detail} anonymous={anonymous || !!detail.anonymousMarking} />
          </div>
          <Switch
            label={t('grade.anonymous')}
            // The exam's own setting wins: the teacher cannot switch its anonymity off here.
            description={detail.anonymousMarking ? t('grade.anonymousByExam') : t('grade.anonymousHelp')}
            checked={anonymous || !!detail.anonymousMarking}
            disabled={!!detail.anonymousMarking}
            onChange={(e) => setAnonymous(e.currentTarget.checked)}
          />
        </Group>

        <Paper withBorder p="md" radius="md">
          <Group gap="lg">
            <StatusBadge status={s.displayStatus} />
            <Text data-testid="grading-score">
              {t('grade.score', { score: formatNumber(s.score ?? 0), total: formatNumber(s.totalMarks ?? 0), percent: percentText(s.percentage) })}
            </Text>
            <Text>{s.pendingAnswers === 0 ? t('grade.allMarked') : t('grade.waiting', { count: s.pendingAnswers })}</Text>
          </Group>
        </Paper>

        {!s.isSubmitted ? (
          <Alert color="yellow">{msg('grading.notSubmitted')}</Alert>
        ) : (
          <GradingForm key={s._id} detail={detail} onNext={() => void goNext()} nextBusy={finding} />
        )}

        {detail.history && (
          <Section title={t('grade.history')}>
            <GradeHistory history={detail.history} answers={s.answers} />
          </Section>
        )}
      </Stack>
    </Box>
  );
}

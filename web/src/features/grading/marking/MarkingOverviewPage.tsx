import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { MathText } from '../../../components/MathText';
import { PageLoader } from '../../../components/PageLoader';
import { formatNumber } from '../../../i18n/format';
import { shortenMathText } from '../../../lib/shortenMathText';
import { pointsLabel } from '../../exams/labels';
import { isNotFound, loadFailure } from '../../results/messages';
import { useMarkingOverview } from './hooks';

/** /exam/{examId}/marking: the questions marked by hand, each with how many answers are left. */
export function MarkingOverviewPage() {
  const { t } = useTranslation('grading');
  const { examId = '' } = useParams();
  const overview = useMarkingOverview(examId);
  const back = (
    <Button component={Link} to={`/exam/${examId}/submissions`} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {t('marking.backToSubmissions')}
    </Button>
  );

  if (overview.isPending) return <PageLoader label={t('marking.loading')} />;
  if (overview.isError) {
    return (
      <Box py="lg">
        <Stack>
          {back}
          {isNotFound(overview.error) ? (
            <Alert color="gray" title={t('examNotFound')} />
          ) : (
            <LoadError message={loadFailure(overview.error, t('marking.loadFailed'))} onRetry={() => void overview.refetch()} />
          )}
        </Stack>
      </Box>
    );
  }

  const { exam, questions } = overview.data;
  const done = questions.length > 0 && questions.every((q) => q.left === 0);
  return (
    <Box py="lg">
      <Stack gap="lg">
        {back}
        <div>
          <Title order={1} size="h2">
            {t('marking.overviewTitle', { title: exam.title })}
          </Title>
          <Text c="dimmed">{t('marking.overviewHelp')}</Text>
          {exam.anonymousMarking && (
            <Badge mt="xs" variant="light">
              {t('marking.anonymousExam')}
            </Badge>
          )}
        </div>
        {questions.length === 0 && <Text c="dimmed">{t('marking.noQuestions')}</Text>}
        {done && (
          <Alert color="green" data-testid="marking-all-done">
            {t('marking.allMarked')}
          </Alert>
        )}
        <Stack gap="sm">
          {questions.map((q) => (
            <Paper key={q.questionId} withBorder p="md" radius="md" component="article" aria-label={t('marking.question', { index: q.index })} data-testid={`marking-question-${q.index}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{t('marking.question', { index: q.index })}</Text>
                    <Text c="dimmed">{pointsLabel(q.points)}</Text>
                    {q.hasRubric && (
                      <Badge size="sm" variant="light">
                        {t('marking.rubric')}
                      </Badge>
                    )}
                  </Group>
                  <MathText text={shortenMathText(q.text, 120).text} />
                  <Text size="sm" data-testid="marking-question-left">
                    {t('marking.leftOf', { left: formatNumber(q.left), answers: formatNumber(q.answers) })}
                  </Text>
                </Stack>
                <Button component={Link} to={`/exam/${examId}/marking/${q.questionId}`} variant={q.left ? 'filled' : 'light'}>
                  {t('marking.markQuestion')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}

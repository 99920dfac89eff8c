import { Alert, Box, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { isNotFound, loadFailure } from '../../results/messages';
import { useQuestionMarking } from './hooks';
import { QuestionMarker } from './QuestionMarker';

/** /exam/{examId}/marking/{questionId}: one question for the whole class, one answer at a time. */
export function QuestionMarkingPage() {
  const { t } = useTranslation('grading');
  const { examId = '', questionId = '' } = useParams();
  const query = useQuestionMarking(examId, questionId);
  const back = (
    <Button component={Link} to={`/exam/${examId}/marking`} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {t('marking.backToOverview')}
    </Button>
  );

  if (query.isPending) return <PageLoader label={t('marking.loading')} />;
  if (query.isError) {
    return (
      <Box py="lg">
        <Stack>
          {back}
          {isNotFound(query.error) ? (
            <Alert color="gray" title={loadFailure(query.error, t('marking.loadFailed'))} />
          ) : (
            <LoadError message={loadFailure(query.error, t('marking.loadFailed'))} onRetry={() => void query.refetch()} />
          )}
        </Stack>
      </Box>
    );
  }

  return (
    <Box py="lg">
      <Stack gap="lg">
        {back}
        <Title order={1} size="h2">
          {query.data.exam.title}
        </Title>
        {query.data.answers.length === 0 ? <Text c="dimmed">{t('marking.noAnswers')}</Text> : <QuestionMarker key={`${examId}/${questionId}`} examId={examId} data={query.data} />}
      </Stack>
    </Box>
  );
}

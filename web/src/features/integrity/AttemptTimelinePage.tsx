import { Alert, Box, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { formatDateTimeText } from '../../lib/dateFormat';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AttemptTimeline } from './AttemptTimeline';
import { useAttemptTimeline } from './hooks';

/**
 * /exam-result/{submissionId}/timeline: what the server recorded of one attempt, read-only. The
 * student reads their own once the result is out (the server refuses anyone else's and any
 * earlier); no decisions are taken here.
 */
export function AttemptTimelinePage() {
  const { t } = useTranslation('integrity');
  useDocumentTitle(t('own.title'));
  const { submissionId = '' } = useParams();
  const query = useAttemptTimeline(submissionId);
  const back = (
    <Button component={Link} to={`/exam-result/${submissionId}`} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {t('own.back')}
    </Button>
  );
  let body;
  if (query.isPending) body = <PageLoader label={t('own.loading')} />;
  else if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    body =
      status === 403 || status === 404 ? (
        <Alert color="gray" title={t('own.unavailable')}>
          {t('own.unavailableHelp')}
        </Alert>
      ) : (
        <LoadError message={t('own.loadFailed')} onRetry={() => void query.refetch()} />
      );
  } else {
    const { attempt } = query.data;
    body = (
      <>
        <div>
          <Title order={1} size="h2">
            {t('own.heading', { title: attempt.examTitle })}
          </Title>
          <Text c="dimmed" size="sm">
            {[t('attempt.started', { time: formatDateTimeText(attempt.startedAt) }), attempt.submittedAt && t('own.submitted', { time: formatDateTimeText(attempt.submittedAt) })]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <AttemptTimeline timeline={query.data} />
      </>
    );
  }
  return (
    <Box py="lg">
      <Stack gap="lg">
        {back}
        {body}
      </Stack>
    </Box>
  );
}

import { Alert, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAnswerRequest, useLinkRequests } from './hooks';

/**
 * /parent-requests (students): who asked to follow this student's results. Nothing is shared with
 * a parent until the student accepts here; the request notification and e-mail link to this page.
 */
export function ParentRequestsPage() {
  const { t } = useTranslation('parent');
  const requests = useLinkRequests();
  const answer = useAnswerRequest();

  const respond = (id: string, choice: 'accept' | 'decline') =>
    answer.mutate(
      { id, answer: choice },
      {
        onSuccess: () => notifySuccess(choice === 'accept' ? msg('parent.accepted') : msg('parent.declined')),
        onError: (err) => notifyError(translateMessage(messageFromServer(err, t('requests.answerFailed')))),
      },
    );

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('requests.title')}
        </Title>
        <Text c="dimmed">{t('requests.intro')}</Text>
        {requests.isPending ? (
          <PageLoader label={t('requests.loading')} />
        ) : requests.isError ? (
          <LoadError message={t('requests.loadFailed')} onRetry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <Alert color="gray">{t('requests.none')}</Alert>
        ) : (
          requests.data.map((r) => (
            <Card key={r._id} withBorder p="md" data-testid="parent-request">
              <Text fw={600}>{r.parent.name}</Text>
              <Text size="sm" c="dimmed">
                {t('requests.detail', { email: r.parent.email, relationship: t(`requests.asYour.${r.relationship}`), date: formatDateTime(r.requestedAt) ?? '' })}
              </Text>
              <Group mt="md" gap="xs">
                <Button size="xs" color="green" onClick={() => respond(r._id, 'accept')} loading={answer.isPending && answer.variables?.id === r._id && answer.variables.answer === 'accept'} aria-label={t('requests.acceptNamed', { name: r.parent.name })}>
                  {t('requests.accept')}
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => respond(r._id, 'decline')} loading={answer.isPending && answer.variables?.id === r._id && answer.variables.answer === 'decline'} aria-label={t('requests.declineNamed', { name: r.parent.name })}>
                  {t('requests.decline')}
                </Button>
              </Group>
            </Card>
          ))
        )}
      </Stack>
    </Box>
  );
}

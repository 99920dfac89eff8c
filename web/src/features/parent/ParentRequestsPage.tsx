import { msg } from '../../i18n/messages';
import { Alert, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { messageFromServer } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { formatDateTime, titleCase } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAnswerRequest, useLinkRequests } from './hooks';

/**
 * /parent-requests (students): who asked to follow this student's results. Nothing is shared with
 * a parent until the student accepts here; the request notification and e-mail link to this page.
 */
export function ParentRequestsPage() {
  const requests = useLinkRequests();
  const answer = useAnswerRequest();

  const respond = (id: string, choice: 'accept' | 'decline') =>
    answer.mutate(
      { id, answer: choice },
      {
        onSuccess: () => notifySuccess(choice === 'accept' ? msg('parent.accepted') : msg('parent.declined')),
        onError: (err) => notifyError(messageFromServer(err, 'Failed to answer the request')),
      },
    );

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Parent Requests
        </Title>
        <Text c="dimmed">A parent you accept sees your exams, results and progress. Decline anyone you do not know.</Text>
        {requests.isPending ? (
          <PageLoader label="Loading requests" />
        ) : requests.isError ? (
          <LoadError message="Failed to load requests" onRetry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <Alert color="gray">No requests waiting for your answer.</Alert>
        ) : (
          requests.data.map((r) => (
            <Card key={r._id} withBorder p="md" data-testid="parent-request">
              <Text fw={600}>{r.parent.name}</Text>
              <Text size="sm" c="dimmed">
                {r.parent.email} · as your {titleCase(r.relationship).toLowerCase()} · {formatDateTime(r.requestedAt)}
              </Text>
              <Group mt="md" gap="xs">
                <Button size="xs" color="green" onClick={() => respond(r._id, 'accept')} loading={answer.isPending && answer.variables?.id === r._id && answer.variables.answer === 'accept'} aria-label={`Accept ${r.parent.name}`}>
                  Accept
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => respond(r._id, 'decline')} loading={answer.isPending && answer.variables?.id === r._id && answer.variables.answer === 'decline'} aria-label={`Decline ${r.parent.name}`}>
                  Decline
                </Button>
              </Group>
            </Card>
          ))
        )}
      </Stack>
    </Box>
  );
}

import { Alert, Button, Group, List, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureReason } from '../../exams/messages';
import { useAnonymousMode } from '../../grading/useAnonymousMode';
import { useReleasePreview, useReleaseResults } from '../../results/hooks';

interface ReleaseResultsDialogProps {
  examId: string;
  opened: boolean;
  title: string;
  /** The label of a release that leaves nobody waiting out (nothing waits for marks). */
  confirmLabel: string;
  onClose: () => void;
}

/**
 * The teacher's release of an exam's results (issue 55). Before anything goes out it reads what
 * the release would do: how many marked results go out, which attempts still wait for marks (by
 * name), and which the integrity review holds. While some wait, it offers to release the marked
 * ones only (the waiting stay out, even once marked, until the next release) or all (each waiting
 * one then shows as it is marked). A teacher grading anonymously sees the waiting attempts by a
 * short id, not by name.
 */
export function ReleaseResultsDialog({ examId, opened, title, confirmLabel, onClose }: ReleaseResultsDialogProps) {
  const { t } = useTranslation('results');
  const { t: common } = useTranslation();
  // A teacher marking blind stays blind here: the waiting are named by a short id of their attempt, with no time.
  const [anonymous] = useAnonymousMode();
  const preview = useReleasePreview(examId, opened);
  const release = useReleaseResults(examId);
  const send = (only?: 'marked') =>
    release.mutate(only ? { only } : {}, {
      onSuccess: (result) => {
        if (result.message) notifySuccess(result.message);
        onClose();
      },
      onError: (error) => notifyError(failureReason(error)),
    });
  const busy = release.isPending;
  const data = preview.data;

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" closeOnClickOutside={!busy}>
      {preview.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('release.loading')}</Text>
        </Group>
      ) : preview.isError || !data ? (
        <LoadError message={t('release.loadFailed')} onRetry={() => void preview.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text data-testid="release-marked">{t('release.marked', { count: data.marked })}</Text>
          {data.leftOut > 0 && <Text size="sm">{t('release.leftOut', { count: data.leftOut })}</Text>}
          {data.underReview > 0 && <Text size="sm">{t('release.underReview', { count: data.underReview })}</Text>}
          {data.waiting > 0 && (
            <Alert color="yellow" title={t('release.waiting', { count: data.waiting })}>
              <ScrollArea.Autosize mah={200}>
                <List size="sm" aria-label={t('release.waitingList')} data-testid="release-waiting">
                  {data.waitingList.map((w) => (
                    <List.Item key={w.attemptId}>
                      {anonymous ? t('release.anonymousAttempt', { id: w.attemptId.slice(0, 8) }) : w.studentName}
                      {!anonymous && w.submittedAt && (
                        <Text span size="xs" c="dimmed">
                          {` · ${formatDateTime(w.submittedAt)}`}
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            </Alert>
          )}
          {data.waiting > 0 ? (
            <Stack gap="xs" mt="sm">
              {/* The safe choice first: nobody waiting is shown a result by surprise. */}
              <Button onClick={() => send('marked')} loading={busy} data-autofocus>
                {t('release.markedOnly')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('release.markedOnlyHint')}
              </Text>
              <Button variant="default" onClick={() => send()} disabled={busy}>
                {t('release.all')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('release.allHint')}
              </Text>
              <Button variant="subtle" onClick={onClose} disabled={busy}>
                {common('components.cancel')}
              </Button>
            </Stack>
          ) : (
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {common('components.cancel')}
              </Button>
              <Button onClick={() => send()} loading={busy} data-autofocus>
                {confirmLabel}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

import type { MarkingComment } from '@exam/shared';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { notifyError } from '../../../lib/notify';
import { failureReason } from '../../exams/messages';
import { rankComments } from './CommentPicker';
import { useCommentMutations, useMarkingComments } from './hooks';

/** The teacher's saved comments, each of which can be deleted after a confirmation. */
export function SavedCommentsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('grading');
  const comments = useMarkingComments(opened);
  const { remove } = useCommentMutations();
  const [deleting, setDeleting] = useState<MarkingComment | null>(null);
  const list = rankComments(comments.data ?? [], '');

  return (
    <>
      <Modal opened={opened && !deleting} onClose={onClose} title={t('comments.managerTitle')} size="lg">
        {comments.isError ? (
          <LoadError message={t('comments.loadFailed')} onRetry={() => void comments.refetch()} />
        ) : comments.isPending ? (
          <Text c="dimmed">{t('comments.loading')}</Text>
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('comments.none')}</Text>
        ) : (
          <Stack gap="xs" data-testid="saved-comments">
            {list.map((c) => (
              <Paper key={c.id} withBorder p="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{c.text}</Text>
                    <Text size="xs" c="dimmed">
                      {t('comments.used', { count: c.useCount })}
                    </Text>
                  </div>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(c)} aria-label={t('comments.deleteOne', { text: c.text.slice(0, 40) })}>
                    {t('comments.delete')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('comments.deleteTitle')}
        message={t('comments.deleteConfirm', { text: deleting?.text ?? '' })}
        confirmLabel={t('comments.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => notifyError(failureReason(error, t('comments.deleteFailed'))),
          })
        }
      />
    </>
  );
}

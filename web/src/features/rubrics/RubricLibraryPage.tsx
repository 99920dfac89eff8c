import type { RubricTemplate } from '@exam/shared';
import { ActionIcon, Alert, Box, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatNumber } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RubricFormModal } from './RubricFormModal';
import { useDeleteRubric, useRubrics } from './hooks';

/** /rubrics: the teacher's rubric library, to copy onto essay questions. */
export function RubricLibraryPage() {
  const { t } = useTranslation('rubrics');
  useDocumentTitle(t('library.title'));
  const rubrics = useRubrics();
  const remove = useDeleteRubric();
  // null: closed; 'new': a new rubric; a template: that one edited.
  const [form, setForm] = useState<RubricTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RubricTemplate | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('library.deleted')),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  const list = rubrics.data ?? [];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {t('library.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('library.intro')}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm('new')}>
            {t('library.new')}
          </Button>
        </Group>

        {rubrics.isPending ? (
          <Group justify="center" py="lg">
            <Loader aria-label={t('loading')} />
          </Group>
        ) : rubrics.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(rubrics.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg">
            {t('library.empty')}
          </Text>
        ) : (
          <Table striped aria-label={t('library.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('fields.title')}</Table.Th>
                <Table.Th scope="col">{t('library.criteria')}</Table.Th>
                <Table.Th scope="col">{t('library.total')}</Table.Th>
                <Table.Th scope="col">{t('library.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Th scope="row">{r.title}</Table.Th>
                  <Table.Td>{r.rubric.criteria.map((c) => c.title).join(', ')}</Table.Td>
                  <Table.Td>{t('library.points', { count: r.maxPoints, points: formatNumber(r.maxPoints) })}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('library.editOf', { title: r.title })} title={t('library.editOf', { title: r.title })} onClick={() => setForm(r)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('library.deleteOf', { title: r.title })} title={t('library.deleteOf', { title: r.title })} onClick={() => setDeleting(r)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      {form !== null && <RubricFormModal key={form === 'new' ? 'new' : form.id} editing={form === 'new' ? null : form} onClose={() => setForm(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('library.deleteTitle')}
        message={t('library.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('library.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}

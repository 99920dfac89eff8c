import type { ExportFormat, Question } from '@exam/shared';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/ListPagination';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFilterParams } from '../../lib/useFilterParams';
import { QuestionView } from '../exams/components/QuestionView';
import { MyRubricsLink } from '../rubrics/MyRubricsLink';
import { BankFilters, NO_FILTERS } from './components/BankFilters';
import { BankTable, type RowActions } from './components/BankTable';
import { EditQuestionModal } from './components/EditQuestionModal';
import { ExportMenu } from './components/ExportMenu';
import { TagsModal } from './components/TagsModal';
import { useBankQuestions, useDeleteQuestion, useExportQuestions, useUpdateQuestion } from './hooks';
import { ImportDialog } from './import/ImportDialog';
import { questionBody } from './questionBody';
import type { BankListParams } from './types';

export const BANK_PAGE_SIZE = 20;

/** /questions: the teacher's bank and what other teachers share, with import and export. */
export function QuestionBankPage() {
  const { t } = useTranslation('bank');
  useDocumentTitle(t('title'));
  const { values, setFilter, page, setPage } = useFilterParams(NO_FILTERS);
  const params: BankListParams = { ...values, scope: values.scope as BankListParams['scope'], page, limit: BANK_PAGE_SIZE };
  const bank = useBankQuestions(params);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [previewing, setPreviewing] = useState<Question | null>(null);
  const [editing, setEditing] = useState<{ question: Question; index: number } | null>(null);
  const [tagging, setTagging] = useState<Question | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const update = useUpdateQuestion();
  const remove = useDeleteQuestion();
  const exporter = useExportQuestions();

  // The server says who may change each question (policies/questions): the owner and admins.
  const canManage = (q: Question) => !!q.canEdit;
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const actions: RowActions = {
    preview: setPreviewing,
    edit: (question, index) => setEditing({ question, index }),
    tags: setTagging,
    share: (q) =>
      update.mutate(
        { id: q._id, body: questionBody(q, { shared: !q.shared }) },
        {
          onSuccess: () => notifySuccess(q.shared ? t('share.unshared') : t('share.shared')),
          onError: (error) => notifyError(t('share.failed', { reason: errorMessage(error) })),
        },
      ),
    remove: setDeleting,
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting._id;
    remove.mutate(id, {
      onSuccess: () => {
        notifySuccess(t('delete.done'));
        select([id], false);
      },
      // A question an exam still uses is refused (409) with the server's reason.
      onError: (error) => notifyError(t('delete.failed', { reason: errorMessage(error) })),
      onSettled: () => setDeleting(null),
    });
  };

  const exportSelected = (format: ExportFormat) =>
    exporter.mutate(
      { format, target: { ids: [...selected] } },
      { onError: (error) => notifyError(t('export.failed', { reason: errorMessage(error) })) },
    );

  const questions = bank.data?.questions ?? [];
  const totalPages = bank.data?.totalPages ?? 0;

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('intro')}
            </Text>
          </div>
          <Group gap="xs">
            <MyRubricsLink />
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImportOpen(true)}>
              {t('import.button')}
            </Button>
          </Group>
        </Group>

        <BankFilters values={values} onChange={setFilter} />

        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {t('export.selected', { count: selected.size })}
          </Text>
          <Group gap="xs">
            {selected.size > 0 && (
              <Button variant="subtle" onClick={() => setSelected(new Set())}>
                {t('export.clear')}
              </Button>
            )}
            <ExportMenu label={t('export.button')} disabled={selected.size === 0} busy={exporter.isPending} onExport={exportSelected} />
          </Group>
        </Group>

        {bank.isPending ? (
          <Group justify="center" py="lg">
            <Loader aria-label={t('loading')} />
          </Group>
        ) : bank.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(bank.error)}
          </Alert>
        ) : questions.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg">
            {t('empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('table.total', { count: bank.data.total })}
            </Text>
            <BankTable
              questions={questions}
              caption={t('table.caption', { page: bank.data.currentPage, pages: Math.max(1, totalPages) })}
              selected={selected}
              onSelect={select}
              canManage={canManage}
              actions={actions}
            />
          </>
        )}

        <ListPagination total={totalPages} page={page} onChange={setPage} label={t('table.pages')} />
      </Stack>

      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} title={t('preview.title')} size="lg">
        {previewing && <QuestionView question={previewing} showKey />}
      </Modal>
      <EditQuestionModal target={editing} onClose={() => setEditing(null)} />
      <TagsModal question={tagging} onClose={() => setTagging(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title')}
        message={t('delete.confirm')}
        confirmLabel={t('row.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ImportDialog opened={importOpen} onClose={() => setImportOpen(false)} />
    </Box>
  );
}

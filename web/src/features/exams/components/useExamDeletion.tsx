import type { Exam } from '@exam/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteExam } from '../hooks';
import { EXAM_TEXT } from '../messages';

interface DeletionTexts {
  success: string;
  failure: (error: unknown) => string;
}

/**
 * Delete with the documented confirmation: `request(exam)` opens the dialog, which
 * the screen renders as `dialog`; only Delete in it calls the server. The catalogue and the admin
 * table word their toasts differently, hence `texts`.
 */
export function useExamDeletion(texts: DeletionTexts) {
  const { t } = useTranslation('exams');
  const remove = useDeleteExam();
  const [target, setTarget] = useState<Exam | null>(null);

  const confirm = () => {
    if (!target) return;
    remove.mutate(target._id, {
      // An admin's delete of an exam with attempts archives it instead; the server says so.
      onSuccess: (res) => notifySuccess(res?.data && typeof res.data === 'object' && 'archived' in res.data && res.data.archived ? (res.message ?? texts.success) : texts.success),
      onError: (error) => notifyError(texts.failure(error)),
      onSettled: () => setTarget(null),
    });
  };

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={t('deleteDialog.title')}
      message={EXAM_TEXT.confirmDeleteExam}
      confirmLabel={t('common:actions.delete')}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  );
  return { request: setTarget, dialog };
}

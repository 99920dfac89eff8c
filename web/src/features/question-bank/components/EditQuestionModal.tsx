import type { Question } from '@exam/shared';
import { Alert, Modal, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { QuestionEditor } from '../../exams/wizard/QuestionEditor';
import { useUpdateQuestion } from '../hooks';
import { questionToDraft, validateDraft } from '../../exams/wizard/questionDraft';
import { editedBody } from '../questionBody';

interface EditQuestionModalProps {
  /** The question and its 0-based place on the page (the editor's legend numbers it). */
  target: { question: Question; index: number } | null;
  onClose: () => void;
}

/** The wizard's question editor over a bank question; saving replaces it (PUT). */
export function EditQuestionModal({ target, onClose }: EditQuestionModalProps) {
  const { t } = useTranslation('bank');
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('edit.title')} size="xl">
      {target && <EditForm key={target.question._id} question={target.question} index={target.index} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ question, index, onClose }: { question: Question; index: number; onClose: () => void }) {
  const { t } = useTranslation('bank');
  const [draft, setDraft] = useState(() => questionToDraft(question));
  const [errors, setErrors] = useState<FormErrors>({});
  const update = useUpdateQuestion();

  const save = () => {
    // The wizard's own checks, so each mistake is told at the field where it was typed.
    const found = validateDraft(draft, question.subject);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = editedBody(question, draft);
    update.mutate(
      { id: question._id, body },
      {
        onSuccess: () => {
          notifySuccess(t('edit.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Stack>
      <QuestionEditor draft={draft} errors={errors} editingIndex={index} onChange={setDraft} onSubmit={save} onCancel={onClose} />
      {update.isError && (
        <Alert color="red" role="alert">
          {t('edit.failed', { reason: errorMessage(update.error) })}
        </Alert>
      )}
    </Stack>
  );
}

import { questionInputSchema, type Question } from '@exam/shared';
import { Alert, Modal, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { issuesToFormErrors } from '../../../lib/zodForm';
import { notifySuccess } from '../../../lib/notify';
import { QuestionEditor } from '../../exams/wizard/QuestionEditor';
import { useUpdateQuestion } from '../hooks';
import { draftFromQuestion, editedBody } from '../questionBody';

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
  const [draft, setDraft] = useState(() => draftFromQuestion(question));
  const [errors, setErrors] = useState<FormErrors>({});
  const update = useUpdateQuestion();

  const save = () => {
    const body = editedBody(question, draft);
    const check = questionInputSchema.safeParse(body);
    if (!check.success) {
      const found = issuesToFormErrors(check.error.issues);
      // Fill-blank answers are typed in the "accepted answers" box.
      if (draft.type === 'fill-blank' && found.correctAnswer) found.acceptedAnswers = found.correctAnswer;
      setErrors(found);
      return;
    }
    setErrors({});
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

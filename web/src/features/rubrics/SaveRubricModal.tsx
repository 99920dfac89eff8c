import { rubricTemplateInputSchema } from '@exam/shared';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { notifySuccess } from '../../lib/notify';
import { firstFormError, issuesToFormErrors } from '../../lib/zodForm';
import { useCreateRubric } from './hooks';
import { draftToRubric, type RubricDraft } from './rubricDraft';

/** Asks a title and keeps a copy of the question's rubric in the teacher's library (POST /rubrics). */
export function SaveRubricModal({ rubric, onClose }: { rubric: RubricDraft; onClose: () => void }) {
  const { t } = useTranslation('rubrics');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateRubric();

  const save = () => {
    const parsed = rubricTemplateInputSchema.safeParse({ title, rubric: draftToRubric(rubric) });
    if (!parsed.success) {
      setProblem(firstFormError(issuesToFormErrors(parsed.error.issues)));
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('save.done'));
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('save.title')}>
      <Stack>
        <TextInput label={t('fields.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-autofocus />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={save} loading={create.isPending}>
            {t('save.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import type { Question } from '@exam/shared';
import { Alert, Button, Group, Modal, Stack, TagsInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateQuestion } from '../hooks';
import { questionBody } from '../questionBody';

/** Adds and removes a question's tags. */
export function TagsModal({ question, onClose }: { question: Question | null; onClose: () => void }) {
  const { t } = useTranslation('bank');
  return (
    <Modal opened={question !== null} onClose={onClose} title={t('tags.title')}>
      {question && <TagsForm key={question._id} question={question} onClose={onClose} />}
    </Modal>
  );
}

function TagsForm({ question, onClose }: { question: Question; onClose: () => void }) {
  const { t } = useTranslation('bank');
  const [tags, setTags] = useState(question.tags);
  const update = useUpdateQuestion();
  const save = () =>
    update.mutate(
      { id: question._id, body: questionBody(question, { tags: [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))] }) },
      {
        onSuccess: () => {
          notifySuccess(t('tags.saved'));
          onClose();
        },
      },
    );
  return (
    <Stack>
      <TagsInput label={t('tags.label')} description={t('tags.hint')} value={tags} onChange={setTags} maxTags={20} clearable data-autofocus />
      {update.isError && (
        <Alert color="red" role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending}>
          {t('tags.save')}
        </Button>
      </Group>
    </Stack>
  );
}

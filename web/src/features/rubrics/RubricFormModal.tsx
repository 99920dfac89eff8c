import { rubricTemplateInputSchema, type RubricTemplate } from '@exam/shared';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { notifySuccess } from '../../lib/notify';
import { issuesToFormErrors } from '../../lib/zodForm';
import { RubricEditor } from './RubricEditor';
import { useCreateRubric, useUpdateRubric } from './hooks';
import { draftToRubric, newRubricDraft, rubricToDraft } from './rubricDraft';

/** Relative to the rubric: the editor names its fields from there. */
function underRubric(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith('rubric.') ? [[k.slice('rubric.'.length), v]] : [])));
}

/** A library rubric's title and criteria, new (POST) or edited (PUT); the questions' copies stay as they are. */
export function RubricFormModal({ editing, onClose }: { editing: RubricTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('rubrics');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [rubric, setRubric] = useState(() => (editing ? rubricToDraft(editing.rubric) : newRubricDraft()));
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateRubric();
  const update = useUpdateRubric();
  const saving = editing ? update : create;

  const save = () => {
    const parsed = rubricTemplateInputSchema.safeParse({ title, rubric: draftToRubric(rubric) });
    if (!parsed.success) {
      setErrors(issuesToFormErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    const done = { onSuccess: () => (notifySuccess(t('library.saved')), onClose()) };
    if (editing) update.mutate({ id: editing.id, body: parsed.data }, done);
    else create.mutate(parsed.data, done);
  };

  return (
    <Modal opened onClose={onClose} title={editing ? t('library.editTitle') : t('library.newTitle')} size="xl">
      <Stack>
        <TextInput label={t('fields.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <RubricEditor value={rubric} onChange={setRubric} errors={underRubric(errors)} />
        {saving.isError && (
          <Alert color="red" role="alert">
            {errorMessage(saving.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={save} loading={saving.isPending}>
            {t('library.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

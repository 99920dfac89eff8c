import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDatabase, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionBankModal } from '../components/QuestionBankModal';
import { QuestionView } from '../components/QuestionView';
import { pointsLabel } from '../labels';
import { QuestionEditor } from './QuestionEditor';
import { questionCount, totalPoints, viewOfDraft, type WizardQuestionsAction, type WizardQuestionsState } from './wizardQuestions';

interface QuestionsStepProps {
  state: WizardQuestionsState;
  dispatch: Dispatch<WizardQuestionsAction>;
  subject: string;
}

/** Step 2: the questions written so far, the editor, and reuse from the question bank. */
export function QuestionsStep({ state, dispatch, subject }: QuestionsStepProps) {
  const { t } = useTranslation('exams');
  const [bankOpen, setBankOpen] = useState(false);
  const count = questionCount(state);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h4">
            {t('wizard.questions.heading', { number: count })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('wizard.questions.total', { points: pointsLabel(totalPoints(state, subject)) })}
          </Text>
        </div>
        <Button variant="light" leftSection={<IconDatabase size={16} />} onClick={() => setBankOpen(true)}>
          {t('wizard.questions.addFromBank')}
        </Button>
      </Group>

      {count === 0 && (
        <Text c="dimmed" size="sm">
          {t('wizard.questions.empty')}
        </Text>
      )}

      {state.drafts.map((draft, i) => {
        const errors = Object.entries(state.serverErrors[i] ?? {});
        return (
          <QuestionView
            key={i}
            number={i + 1}
            question={viewOfDraft(draft, subject)}
            actions={
              <>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconEdit size={14} />}
                  aria-label={t('question.editN', { number: i + 1 })}
                  onClick={() => dispatch({ type: 'editor.edit', index: i })}
                >
                  {t('common:actions.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  aria-label={t('question.removeN', { number: i + 1 })}
                  onClick={() => dispatch({ type: 'draft.remove', index: i })}
                >
                  {t('question.remove')}
                </Button>
              </>
            }
          >
            {errors.length > 0 && (
              <Alert color="red" title={t('wizard.questions.serverRefused')}>
                {errors.map(([field, message]) => (
                  <div key={field}>{String(message)}</div>
                ))}
              </Alert>
            )}
          </QuestionView>
        );
      })}

      {state.bank.map((q, i) => {
        const number = state.drafts.length + i + 1;
        return (
          <QuestionView
            key={q._id}
            number={number}
            question={q}
            actions={
              <>
                <Badge variant="dot">{t('wizard.questions.fromBank')}</Badge>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  aria-label={t('question.removeN', { number })}
                  onClick={() => dispatch({ type: 'bank.remove', id: q._id })}
                >
                  {t('question.remove')}
                </Button>
              </>
            }
          />
        );
      })}

      <QuestionEditor
        draft={state.editor.draft}
        errors={state.editor.errors}
        editingIndex={state.editor.index}
        onChange={(draft) => dispatch({ type: 'editor.change', draft })}
        onSubmit={() => dispatch({ type: 'editor.submit', subject })}
        onCancel={() => dispatch({ type: 'editor.cancel' })}
      />

      <QuestionBankModal
        opened={bankOpen}
        onClose={() => setBankOpen(false)}
        alreadyAdded={state.bank.map((q) => q._id)}
        onConfirm={(questions) => {
          dispatch({ type: 'bank.add', questions });
          setBankOpen(false);
        }}
      />
    </Stack>
  );
}

import { DIFFICULTIES, QUESTION_TYPES, type QuestionType } from '@exam/shared';
import { ActionIcon, Button, Fieldset, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { enumLabel } from '../../../i18n/format';
import { QuestionRubricField } from '../../rubrics/QuestionRubricField';
import { MatchingFields, MultipleResponseFields, NumericalFields, ShortAnswerFields } from './PartialCreditFields';
import { MAX_OPTIONS, MIN_OPTIONS, addOption, answerChoices, changeType, removeOption, setOption, type QuestionDraft } from './questionDraft';

interface QuestionEditorProps {
  draft: QuestionDraft;
  errors: FormErrors;
  /** null while writing a new question; the 0-based position when editing one in the list. */
  editingIndex: number | null;
  onChange: (draft: QuestionDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The wizard's question form. */
export function QuestionEditor({ draft, errors, editingIndex, onChange, onSubmit, onCancel }: QuestionEditorProps) {
  const { t } = useTranslation('exams');
  const typeOptions = QUESTION_TYPES.map((type) => ({ value: type, label: enumLabel('questionTypes', type) }));
  const difficultyOptions = DIFFICULTIES.map((d) => ({ value: d, label: enumLabel('difficulties', d) }));
  // True and False are the product's words (translated); option texts are the teacher's (as written).
  const choiceLabel = (choice: string) => (draft.type === 'true-false' ? enumLabel('trueFalse', choice) : choice);
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => onChange({ ...draft, [key]: value });
  const choices = answerChoices(draft);
  const editing = editingIndex !== null;
  const error = (field: string) => (typeof errors[field] === 'string' ? (errors[field] as string) : undefined);
  // The rubric field names its errors from the rubric down: 'rubric.criteria.0.title' → 'criteria.0.title', 'rubric' → ''.
  const rubricErrors: FormErrors = Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (k === 'rubric' ? [['', v]] : k.startsWith('rubric.') ? [[k.slice('rubric.'.length), v]] : [])),
  );

  return (
    <Fieldset legend={editing ? t('editor.editLegend', { number: editingIndex + 1 }) : t('editor.newLegend')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={t('editor.type')}
            data={typeOptions}
            value={draft.type}
            onChange={(e) => onChange(changeType(draft, e.currentTarget.value as QuestionType))}
          />
          <NumberInput
            label={t('editor.points')}
            min={1}
            allowDecimal={false}
            value={draft.points}
            onChange={(v) => set('points', v)}
            error={error('points')}
          />
          <NativeSelect
            label={t('editor.difficulty')}
            data={difficultyOptions}
            value={draft.difficulty}
            onChange={(e) => set('difficulty', e.currentTarget.value as QuestionDraft['difficulty'])}
          />
        </SimpleGrid>

        <Textarea
          label={t('editor.text')}
          description={t('editor.textHint')}
          autosize
          minRows={2}
          value={draft.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          error={error('text')}
        />
        {draft.text.includes('$') && (
          <Paper withBorder p="sm" aria-label={t('editor.previewLabel')} role="region">
            <Text size="xs" c="dimmed" mb={4}>
              {t('editor.preview')}
            </Text>
            <MathText block text={draft.text} />
          </Paper>
        )}

        {draft.type === 'multiple-choice' && (
          <Stack gap="xs" role="group" aria-label={t('question.options')}>
            {draft.options.map((option, i) => (
              <TextInput
                key={i}
                label={t('editor.optionN', { number: i + 1 })}
                value={option}
                onChange={(e) => onChange(setOption(draft, i, e.currentTarget.value))}
                rightSection={
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('editor.removeOptionN', { number: i + 1 })}
                    title={t('editor.removeOptionN', { number: i + 1 })}
                    disabled={draft.options.length <= MIN_OPTIONS}
                    onClick={() => onChange(removeOption(draft, i))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                }
              />
            ))}
            {error('options') && (
              <Text size="sm" c="red" role="alert">
                {error('options')}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={draft.options.length >= MAX_OPTIONS}
                onClick={() => onChange(addOption(draft))}
              >
                {t('editor.addOption')}
              </Button>
            </Group>
          </Stack>
        )}

        {draft.type === 'multiple-response' && <MultipleResponseFields draft={draft} error={error} onChange={onChange} />}
        {draft.type === 'numerical' && <NumericalFields draft={draft} error={error} onChange={onChange} />}
        {draft.type === 'short-answer' && <ShortAnswerFields draft={draft} error={error} onChange={onChange} />}
        {draft.type === 'matching' && <MatchingFields draft={draft} error={error} onChange={onChange} />}

        {draft.type === 'true-false' && (
          <Text size="sm" c="dimmed">
            {t('editor.trueFalseFixed')}
          </Text>
        )}

        {(draft.type === 'multiple-choice' || draft.type === 'true-false') && (
          <NativeSelect
            label={t('editor.correctAnswer')}
            description={draft.type === 'multiple-choice' ? t('editor.correctAnswerHint') : undefined}
            data={[{ value: '', label: t('editor.selectCorrectAnswer') }, ...choices.map((c) => ({ value: c, label: choiceLabel(c) }))]}
            value={draft.correctAnswer}
            onChange={(e) => set('correctAnswer', e.currentTarget.value)}
            error={error('correctAnswer')}
          />
        )}

        {draft.type === 'fill-blank' && (
          <Textarea
            label={t('editor.acceptedAnswers')}
            description={t('editor.acceptedAnswersHint')}
            autosize
            minRows={2}
            value={draft.acceptedAnswers}
            onChange={(e) => set('acceptedAnswers', e.currentTarget.value)}
            error={error('acceptedAnswers')}
          />
        )}

        {draft.type === 'essay' && (
          <Textarea
            label={t('editor.sampleAnswer')}
            description={t('editor.sampleAnswerHint')}
            autosize
            minRows={2}
            value={draft.sampleAnswer}
            onChange={(e) => set('sampleAnswer', e.currentTarget.value)}
          />
        )}
        {draft.type === 'essay' && (
          <QuestionRubricField rubric={draft.rubric} points={draft.points} onChange={(rubric) => set('rubric', rubric)} onSetPoints={(points) => set('points', points)} errors={rubricErrors} />
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea
            label={t('editor.explanation')}
            autosize
            minRows={1}
            value={draft.explanation}
            onChange={(e) => set('explanation', e.currentTarget.value)}
          />
          <TextInput label={t('editor.topic')} value={draft.topic} onChange={(e) => set('topic', e.currentTarget.value)} />
        </SimpleGrid>

        <Group>
          <Button onClick={onSubmit} leftSection={editing ? undefined : <IconPlus size={16} />}>
            {editing ? t('editor.save') : t('editor.add')}
          </Button>
          {editing && (
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}

import { QUESTION_TYPES, type QuestionType } from '@exam/shared';
import { ActionIcon, Button, Fieldset, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MathText } from '../../../components/MathText';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS } from '../labels';
import { MAX_OPTIONS, MIN_OPTIONS, answerChoices, changeType, removeOption, setOption, type QuestionDraft } from './questionDraft';

interface QuestionEditorProps {
  draft: QuestionDraft;
  errors: FormErrors;
  /** null while writing a new question; the 0-based position when editing one in the list. */
  editingIndex: number | null;
  onChange: (draft: QuestionDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));
const DIFFICULTY_OPTIONS = Object.entries(DIFFICULTY_LABELS).map(([value, label]) => ({ value, label }));

/** The wizard's question form (spec core §5 "Question (create wizard)"). */
export function QuestionEditor({ draft, errors, editingIndex, onChange, onSubmit, onCancel }: QuestionEditorProps) {
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => onChange({ ...draft, [key]: value });
  const choices = answerChoices(draft);
  const editing = editingIndex !== null;
  const error = (field: string) => (typeof errors[field] === 'string' ? (errors[field] as string) : undefined);

  return (
    <Fieldset legend={editing ? `Edit Question ${editingIndex + 1}` : 'New Question'}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Question Type"
            data={TYPE_OPTIONS}
            value={draft.type}
            onChange={(e) => onChange(changeType(draft, e.currentTarget.value as QuestionType))}
          />
          <NumberInput
            label="Points"
            min={1}
            allowDecimal={false}
            value={draft.points}
            onChange={(v) => set('points', v)}
            error={error('points')}
          />
          <NativeSelect
            label="Difficulty"
            data={DIFFICULTY_OPTIONS}
            value={draft.difficulty}
            onChange={(e) => set('difficulty', e.currentTarget.value as QuestionDraft['difficulty'])}
          />
        </SimpleGrid>

        <Textarea
          label="Question Text"
          description="Write math between dollar signs, for example $x^2 + 1$"
          autosize
          minRows={2}
          value={draft.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          error={error('text')}
        />
        {draft.text.includes('$') && (
          <Paper withBorder p="sm" aria-label="Question preview" role="region">
            <Text size="xs" c="dimmed" mb={4}>
              Preview
            </Text>
            <MathText block text={draft.text} />
          </Paper>
        )}

        {draft.type === 'multiple-choice' && (
          <Stack gap="xs" role="group" aria-label="Options">
            {draft.options.map((option, i) => (
              <TextInput
                key={i}
                label={`Option ${i + 1}`}
                value={option}
                onChange={(e) => onChange(setOption(draft, i, e.currentTarget.value))}
                rightSection={
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove option ${i + 1}`}
                    title={`Remove option ${i + 1}`}
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
                onClick={() => set('options', [...draft.options, ''])}
              >
                Add Option
              </Button>
            </Group>
          </Stack>
        )}

        {draft.type === 'true-false' && (
          <Text size="sm" c="dimmed">
            Options are fixed: True and False.
          </Text>
        )}

        {(draft.type === 'multiple-choice' || draft.type === 'true-false') && (
          <NativeSelect
            label="Correct Answer"
            description={draft.type === 'multiple-choice' ? 'Choose among the options filled in above' : undefined}
            data={[{ value: '', label: 'Select correct answer' }, ...choices.map((c) => ({ value: c, label: c }))]}
            value={draft.correctAnswer}
            onChange={(e) => set('correctAnswer', e.currentTarget.value)}
            error={error('correctAnswer')}
          />
        )}

        {draft.type === 'fill-blank' && (
          <Textarea
            label="Accepted Answers"
            description="One accepted answer per line; compared ignoring case and surrounding spaces"
            autosize
            minRows={2}
            value={draft.acceptedAnswers}
            onChange={(e) => set('acceptedAnswers', e.currentTarget.value)}
            error={error('acceptedAnswers')}
          />
        )}

        {draft.type === 'essay' && (
          <Textarea
            label="Sample Answer"
            description="For the teacher grading the essay; students never see it before their results"
            autosize
            minRows={2}
            value={draft.sampleAnswer}
            onChange={(e) => set('sampleAnswer', e.currentTarget.value)}
          />
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea
            label="Explanation"
            autosize
            minRows={1}
            value={draft.explanation}
            onChange={(e) => set('explanation', e.currentTarget.value)}
          />
          <TextInput label="Topic" value={draft.topic} onChange={(e) => set('topic', e.currentTarget.value)} />
        </SimpleGrid>

        <Group>
          <Button onClick={onSubmit} leftSection={editing ? undefined : <IconPlus size={16} />}>
            {editing ? 'Save Question' : 'Add Question'}
          </Button>
          {editing && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}

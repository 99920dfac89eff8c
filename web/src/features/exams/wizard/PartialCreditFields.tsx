import { ActionIcon, Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_OPTIONS,
  MIN_OPTIONS,
  addOption,
  defaultCredit,
  emptyNumeric,
  emptyPair,
  emptyShortAnswer,
  removeOption,
  setOption,
  setOptionCorrect,
  setOptionCredit,
  type NumericDraft,
  type QuestionDraft,
} from './questionDraft';

/** The answer fields of the types that give partial credit; `error(field)` is the editor's message for a field. */
interface FieldsProps {
  draft: QuestionDraft;
  error: (field: string) => string | undefined;
  onChange: (draft: QuestionDraft) => void;
}

const MAX_ROWS = 20;

/** A list of rows under a legend, its own message (the list as a whole), and an add button. */
function RowList({ legend, hint, error, addLabel, canAdd, onAdd, children }: { legend: string; hint?: string; error?: string; addLabel: string; canAdd: boolean; onAdd: () => void; children: ReactNode }) {
  return (
    <Stack gap="xs" role="group" aria-label={legend}>
      <div>
        <Text size="sm" fw={500}>
          {legend}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={!canAdd} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} title={label} disabled={disabled} onClick={onClick} mt={26}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

const creditProps = { min: -100, max: 100, step: 5, decimalScale: 5, suffix: '%', w: 130 } as const;

/** Multiple response: each option with a "correct" tick and its credit (blank: a share of 100%). */
export function MultipleResponseFields({ draft, error, onChange }: FieldsProps) {
  const { t } = useTranslation('exams');
  return (
    <RowList
      legend={t('question.options')}
      hint={t('editor.creditsHint')}
      error={error('options')}
      addLabel={t('editor.addOption')}
      canAdd={draft.options.length < MAX_OPTIONS}
      onAdd={() => onChange(addOption(draft))}
    >
      {draft.options.map((option, i) => (
        <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
          <Checkbox
            mt={32}
            aria-label={t('editor.optionCorrectN', { number: i + 1 })}
            checked={draft.correctOptions[i] ?? false}
            onChange={(e) => onChange(setOptionCorrect(draft, i, e.currentTarget.checked))}
          />
          <TextInput style={{ flex: 1 }} label={t('editor.optionN', { number: i + 1 })} value={option} onChange={(e) => onChange(setOption(draft, i, e.currentTarget.value))} />
          <NumberInput
            {...creditProps}
            label={t('editor.optionCreditN', { number: i + 1 })}
            placeholder={`${defaultCredit(draft, i)}%`}
            value={draft.optionCredits[i] ?? ''}
            onChange={(v) => onChange(setOptionCredit(draft, i, v))}
            error={error(`optionCredits.${i}`)}
          />
          <RemoveButton label={t('editor.removeOptionN', { number: i + 1 })} disabled={draft.options.length <= MIN_OPTIONS} onClick={() => onChange(removeOption(draft, i))} />
        </Group>
      ))}
    </RowList>
  );
}

/** Numerical: rows of a value ± tolerance or a range, each with its credit. */
export function NumericalFields({ draft, error, onChange }: FieldsProps) {
  const { t } = useTranslation('exams');
  const rows = draft.numericAnswers;
  const update = (i: number, patch: Partial<NumericDraft>) => onChange({ ...draft, numericAnswers: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const numberField = (i: number, field: 'value' | 'tolerance' | 'min' | 'max', label: string) => (
    <TextInput
      style={{ flex: 1 }}
      inputMode="decimal"
      autoComplete="off"
      label={label}
      value={rows[i]![field]}
      onChange={(e) => update(i, { [field]: e.currentTarget.value })}
      error={error(`numericAnswers.${i}.${field}`)}
    />
  );
  return (
    <RowList
      legend={t('editor.numericAnswers')}
      hint={t('editor.numericAnswersHint')}
      error={error('numericAnswers')}
      addLabel={t('editor.addAnswer')}
      canAdd={rows.length < MAX_ROWS}
      onAdd={() => onChange({ ...draft, numericAnswers: [...rows, emptyNumeric()] })}
    >
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <Group key={i} align="flex-start" wrap="wrap" gap="xs">
            <NativeSelect
              label={t('editor.numericModeN', { number: n })}
              data={[
                { value: 'tolerance', label: t('editor.modeTolerance') },
                { value: 'range', label: t('editor.modeRange') },
              ]}
              value={row.mode}
              onChange={(e) => update(i, { mode: e.currentTarget.value as NumericDraft['mode'] })}
            />
            {row.mode === 'tolerance' ? (
              <>
                {numberField(i, 'value', t('editor.valueN', { number: n }))}
                {numberField(i, 'tolerance', t('editor.toleranceN', { number: n }))}
              </>
            ) : (
              <>
                {numberField(i, 'min', t('editor.minN', { number: n }))}
                {numberField(i, 'max', t('editor.maxN', { number: n }))}
              </>
            )}
            <NumberInput {...creditProps} label={t('editor.creditN', { number: n })} value={row.credit} onChange={(v) => update(i, { credit: v })} error={error(`numericAnswers.${i}.credit`)} />
            <RemoveButton
              label={t('editor.removeAnswerN', { number: n })}
              disabled={rows.length <= 1}
              onClick={() => onChange({ ...draft, numericAnswers: rows.filter((_, j) => j !== i) })}
            />
          </Group>
        );
      })}
    </RowList>
  );
}

/** Short answer: accepted answers in order, each with its credit, and whether case matters. */
export function ShortAnswerFields({ draft, error, onChange }: FieldsProps) {
  const { t } = useTranslation('exams');
  const rows = draft.shortAnswers;
  const update = (i: number, patch: Partial<QuestionDraft['shortAnswers'][number]>) => onChange({ ...draft, shortAnswers: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <Stack gap="xs">
      <RowList
        legend={t('editor.acceptedAnswers')}
        hint={t('editor.shortAnswersHint')}
        error={error('shortAnswers')}
        addLabel={t('editor.addAnswer')}
        canAdd={rows.length < MAX_ROWS}
        onAdd={() => onChange({ ...draft, shortAnswers: [...rows, emptyShortAnswer()] })}
      >
        {rows.map((row, i) => (
          <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
            <TextInput style={{ flex: 1 }} label={t('editor.shortAnswerN', { number: i + 1 })} value={row.text} onChange={(e) => update(i, { text: e.currentTarget.value })} />
            <NumberInput {...creditProps} label={t('editor.creditN', { number: i + 1 })} value={row.credit} onChange={(v) => update(i, { credit: v })} error={error(`shortAnswers.${i}.credit`)} />
            <RemoveButton
              label={t('editor.removeAnswerN', { number: i + 1 })}
              disabled={rows.length <= 1}
              onClick={() => onChange({ ...draft, shortAnswers: rows.filter((_, j) => j !== i) })}
            />
          </Group>
        ))}
      </RowList>
      <Switch label={t('editor.caseSensitive')} checked={draft.caseSensitive} onChange={(e) => onChange({ ...draft, caseSensitive: e.currentTarget.checked })} />
    </Stack>
  );
}

/** Matching: stems with their answers, and distractors (answers of no stem). */
export function MatchingFields({ draft, error, onChange }: FieldsProps) {
  const { t } = useTranslation('exams');
  const rows = draft.pairs;
  const update = (i: number, patch: Partial<QuestionDraft['pairs'][number]>) => onChange({ ...draft, pairs: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <Stack gap="xs">
      <RowList
        legend={t('editor.pairs')}
        hint={t('editor.pairsHint')}
        error={error('pairs')}
        addLabel={t('editor.addPair')}
        canAdd={rows.length < 30}
        onAdd={() => onChange({ ...draft, pairs: [...rows, emptyPair()] })}
      >
        {rows.map((row, i) => (
          <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
            <TextInput style={{ flex: 1 }} label={t('editor.stemN', { number: i + 1 })} value={row.stem} onChange={(e) => update(i, { stem: e.currentTarget.value })} error={error(`pairs.${i}.stem`)} />
            <TextInput
              style={{ flex: 1 }}
              label={t('editor.pairAnswerN', { number: i + 1 })}
              value={row.answer}
              onChange={(e) => update(i, { answer: e.currentTarget.value })}
              error={error(`pairs.${i}.answer`)}
            />
            <RemoveButton label={t('editor.removePairN', { number: i + 1 })} disabled={rows.length <= 2} onClick={() => onChange({ ...draft, pairs: rows.filter((_, j) => j !== i) })} />
          </Group>
        ))}
      </RowList>
      <Textarea
        label={t('editor.distractors')}
        description={t('editor.distractorsHint')}
        autosize
        minRows={2}
        value={draft.distractors}
        onChange={(e) => onChange({ ...draft, distractors: e.currentTarget.value })}
        error={error('distractors')}
      />
    </Stack>
  );
}

import { MAX_ANSWER_LENGTH, TRUE_FALSE_OPTIONS, decodeChoices, decodeMatching, encodeChoices, encodeMatching, readNumber } from '@exam/shared';
import { Button, Checkbox, NativeSelect, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';
import { MathText } from '../../components/MathText';
import { BUTTON_TOUCH_HEIGHT, TOUCH_PX } from './touchTarget';
import type { TakingQuestion } from './types';
import { usePhone } from './phone';
import { useDraft } from './useDraft';

interface AnswerInputProps {
  question: TakingQuestion;
  number: number;
  answer: string | null;
  disabled: boolean;
  onAnswer: (answer: string | null) => void;
  /** Where a typed answer registers its flush, so the screen can send it before moving on. */
  flushRef: RefObject<(() => void) | null>;
}

/**
 * The answer control for each question type. The answer is always one string: the chosen
 * option's text, the typed text, or (multiple response, matching) the shared JSON encoding.
 */
export function AnswerInput(props: AnswerInputProps) {
  switch (props.question.type) {
    case 'essay':
    case 'fill-blank':
    case 'short-answer':
    case 'numerical':
      return <TextAnswer {...props} />;
    case 'multiple-response':
      return <ChoicesAnswer {...props} />;
    case 'matching':
      return <MatchingAnswer {...props} />;
    default:
      return <ChoiceAnswer {...props} />;
  }
}

/**
 * A radio's or checkbox's label is its target too: stretched over the row and at least a finger
 * tall, the whole row takes the tap, not only the 20 px circle.
 */
const ROW_TARGET = {
  body: { alignItems: 'center' },
  labelWrapper: { flex: 1 },
  label: { minHeight: TOUCH_PX, display: 'flex', alignItems: 'center', cursor: 'pointer' },
} as const;

/**
 * On a phone a box or list is a finger tall, and its text 16 px: iOS zooms the page into any field
 * whose text is smaller, which pushes the sticky header and the question out of sight. Set on the
 * field itself: the size variables Mantine puts on its wrapper would override ours there.
 */
const PHONE_FIELD = { input: { minHeight: TOUCH_PX, fontSize: 'var(--mantine-font-size-md)' } };

function usePhoneField() {
  return usePhone() ? PHONE_FIELD : undefined;
}

function ClearButton({ show, onClear }: { show: boolean; onClear: () => void }) {
  const { t } = useTranslation('examTaking');
  if (!show) return null;
  return (
    <Button variant="subtle" size="xs" h={BUTTON_TOUCH_HEIGHT} w="fit-content" onClick={onClear}>
      {t('question.clearAnswer')}
    </Button>
  );
}

function ChoiceAnswer({ question, number, answer, disabled, onAnswer }: AnswerInputProps) {
  const { t } = useTranslation('examTaking');
  // True and False are the platform's own options: their words follow the reader's language (the answer stays 'True'/'False').
  const optionText = (option: string) => (question.type === 'true-false' ? enumLabel('trueFalse', option) : option);
  const options = question.type === 'true-false' && question.options.length === 0 ? [...TRUE_FALSE_OPTIONS] : question.options;
  return (
    <Stack gap="sm">
      <Radio.Group
        value={answer}
        onChange={(value) => onAnswer(value)}
        label={t('question.answerLabel', { number })}
        name={`answer-${question._id}`}
        disabled={disabled}
      >
        <Stack gap={4} mt="xs">
          {options.map((option) => (
            <Radio key={option} value={option} label={<MathText text={optionText(option)} />} styles={ROW_TARGET} />
          ))}
        </Stack>
      </Radio.Group>
      <ClearButton show={answer !== null && !disabled} onClear={() => onAnswer(null)} />
    </Stack>
  );
}

/** Multiple response: one checkbox per option; the chosen texts are kept in the options' order. */
function ChoicesAnswer({ question, number, answer, disabled, onAnswer }: AnswerInputProps) {
  const { t } = useTranslation('examTaking');
  const chosen = decodeChoices(answer);
  const change = (values: string[]) => onAnswer(encodeChoices(question.options.filter((o) => values.includes(o))));
  return (
    <Stack gap="sm">
      <Checkbox.Group value={chosen} onChange={change} label={t('question.answerLabel', { number })} description={t('question.chooseAllHint')}>
        <Stack gap={4} mt="xs">
          {question.options.map((option) => (
            <Checkbox key={option} value={option} label={<MathText text={option} />} disabled={disabled} styles={ROW_TARGET} />
          ))}
        </Stack>
      </Checkbox.Group>
      <ClearButton show={chosen.length > 0 && !disabled} onClear={() => onAnswer(null)} />
    </Stack>
  );
}

/** Matching: one labelled list per stem, offering every answer and "Choose…" for none yet. */
function MatchingAnswer({ question, number, answer, disabled, onAnswer }: AnswerInputProps) {
  const { t } = useTranslation('examTaking');
  const labelId = useId();
  const field = usePhoneField();
  const given = decodeMatching(answer);
  const stems = question.stems ?? [];
  const data = [{ value: '', label: t('question.choose') }, ...question.options.map((o) => ({ value: o, label: o }))];
  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <div>
        <Text size="sm" fw={500} id={labelId}>
          {t('question.answerLabel', { number })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('question.matchingHint')}
        </Text>
      </div>
      {stems.map((stem) => (
        <NativeSelect
          key={stem}
          label={<MathText text={stem} />}
          data={data}
          value={given[stem] ?? ''}
          disabled={disabled}
          styles={field}
          onChange={(e) => onAnswer(encodeMatching({ ...given, [stem]: e.currentTarget.value }))}
        />
      ))}
      <ClearButton show={Object.keys(given).length > 0 && !disabled} onClear={() => onAnswer(null)} />
    </Stack>
  );
}

const TEXT_HINT = { essay: 'question.essayHint', 'fill-blank': 'question.blankHint', 'short-answer': 'question.shortHint', numerical: 'question.numberHint' } as const;

function TextAnswer({ question, number, answer, disabled, onAnswer, flushRef }: AnswerInputProps) {
  const { t } = useTranslation('examTaking');
  const { draft, setDraft, flush, onFocus, onBlur } = useDraft(answer, (value) => onAnswer(value));
  const field = usePhoneField();

  useEffect(() => {
    flushRef.current = flush;
    return () => {
      if (flushRef.current === flush) flushRef.current = null;
    };
  }, [flush, flushRef]);

  const common = {
    label: t('question.answerLabel', { number }),
    value: draft,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.currentTarget.value),
    onFocus,
    onBlur,
    disabled,
    maxLength: MAX_ANSWER_LENGTH,
    styles: field,
  };
  const hint = t(TEXT_HINT[question.type as keyof typeof TEXT_HINT] ?? 'question.blankHint');
  if (question.type === 'essay') {
    return <Textarea {...common} autosize minRows={6} maxRows={20} description={hint} />;
  }
  if (question.type === 'numerical') {
    // Graded as typed; the warning (once the answer is saved, not mid-typing "-") says it will not read as a number.
    const unreadable = !!answer && draft === answer && readNumber(answer) === null;
    return <TextInput {...common} inputMode="decimal" description={hint} error={unreadable ? t('question.notANumber') : undefined} autoComplete="off" spellCheck={false} />;
  }
  return <TextInput {...common} description={hint} autoComplete="off" spellCheck={false} />;
}

import { MAX_ANSWER_LENGTH, TRUE_FALSE_OPTIONS } from '@exam/shared';
import { Button, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';
import { MathText } from '../../components/MathText';
import type { TakingQuestion } from './types';
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

/** The answer control for each question type; choice answers are the chosen option's text. */
export function AnswerInput(props: AnswerInputProps) {
  const { question } = props;
  if (question.type === 'essay' || question.type === 'fill-blank') return <TextAnswer {...props} />;
  return <ChoiceAnswer {...props} />;
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
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio key={option} value={option} label={<MathText text={optionText(option)} />} />
          ))}
        </Stack>
      </Radio.Group>
      {answer !== null && !disabled && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => onAnswer(null)}>
          {t('question.clearAnswer')}
        </Button>
      )}
    </Stack>
  );
}

function TextAnswer({ question, number, answer, disabled, onAnswer, flushRef }: AnswerInputProps) {
  const { t } = useTranslation('examTaking');
  const { draft, setDraft, flush, onFocus, onBlur } = useDraft(answer, (value) => onAnswer(value));

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
  };
  if (question.type === 'essay') {
    return <Textarea {...common} autosize minRows={6} maxRows={20} description={t('question.essayHint')} />;
  }
  return <TextInput {...common} description={t('question.blankHint')} autoComplete="off" spellCheck={false} />;
}

import { MAX_ANSWER_LENGTH, TRUE_FALSE_OPTIONS } from '@exam/shared';
import { Button, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, type RefObject } from 'react';
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
  const options = question.type === 'true-false' && question.options.length === 0 ? [...TRUE_FALSE_OPTIONS] : question.options;
  return (
    <Stack gap="sm">
      <Radio.Group
        value={answer}
        onChange={(value) => onAnswer(value)}
        label={`Your answer to question ${number}`}
        name={`answer-${question._id}`}
        disabled={disabled}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio key={option} value={option} label={<MathText text={option} />} />
          ))}
        </Stack>
      </Radio.Group>
      {answer !== null && !disabled && (
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => onAnswer(null)}>
          Clear answer
        </Button>
      )}
    </Stack>
  );
}

function TextAnswer({ question, number, answer, disabled, onAnswer, flushRef }: AnswerInputProps) {
  const { draft, setDraft, flush, onFocus, onBlur } = useDraft(answer, (value) => onAnswer(value));

  useEffect(() => {
    flushRef.current = flush;
    return () => {
      if (flushRef.current === flush) flushRef.current = null;
    };
  }, [flush, flushRef]);

  const common = {
    label: `Your answer to question ${number}`,
    value: draft,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.currentTarget.value),
    onFocus,
    onBlur,
    disabled,
    maxLength: MAX_ANSWER_LENGTH,
  };
  if (question.type === 'essay') {
    return <Textarea {...common} autosize minRows={6} maxRows={20} description="Saved automatically as you type." />;
  }
  return <TextInput {...common} description="Type your answer in the blank." autoComplete="off" spellCheck={false} />;
}

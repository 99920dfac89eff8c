import { creditPercent, describeKey, type MatchPair, type NumericAnswer, type QuestionOptionValue, type QuestionType, type Rubric, type ShortAnswer } from '@exam/shared';
import { Badge, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { enumLabel } from '../../../i18n/format';
import { shortenMathText } from '../../../lib/shortenMathText';
import { RubricSummary } from '../../rubrics/RubricSummary';
import { pointsLabel } from '../labels';

/** What every question shape we show has in common: a bank question or a wizard draft. */
export interface ViewableQuestion {
  text: string;
  type: QuestionType;
  points: number;
  difficulty?: string;
  topic?: string;
  options?: QuestionOptionValue[];
  correctAnswer?: string;
  acceptedAnswers?: string[];
  numericAnswers?: NumericAnswer[];
  shortAnswers?: ShortAnswer[];
  caseSensitive?: boolean;
  pairs?: MatchPair[];
  distractors?: string[];
  sampleAnswer?: string;
  rubric?: Rubric | null;
  explanation?: string;
}

interface QuestionViewProps {
  question: ViewableQuestion;
  /** 1-based number shown as "Question N". */
  number?: number;
  /** Text cut at 100 characters: the exam questions list. */
  preview?: boolean;
  /** The options and answer key; shown unless the text is a cut preview. */
  showKey?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The types whose key is read as one line ("3.14 ± 0.01", "Cat → Mammal; Eagle → Bird"), credits included. */
const KEY_LINE_TYPES: ReadonlySet<QuestionType> = new Set(['multiple-response', 'numerical', 'short-answer', 'matching']);

/** One question with its answer key, math rendered; the correct option is marked by icon and text. */
export function QuestionView({ question, number, preview = false, showKey = !preview, actions, children }: QuestionViewProps) {
  const { t } = useTranslation('exams');
  const typeLabel = enumLabel('questionTypes', question.type);
  const heading = number === undefined ? typeLabel : t('question.numbered', { number });
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={heading}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{heading}</Text>
            <Badge variant="light">{typeLabel}</Badge>
            <Badge variant="outline" color="gray">
              {pointsLabel(question.points)}
            </Badge>
            {question.difficulty && (
              <Badge variant="outline" color="gray">
                {enumLabel('difficulties', question.difficulty)}
              </Badge>
            )}
            {question.topic && (
              <Text size="sm" c="dimmed">
                {question.topic}
              </Text>
            )}
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        <MathText block text={preview ? shortenMathText(question.text).text : question.text} />
        {showKey && <AnswerKey question={question} />}
        {children}
      </Stack>
    </Card>
  );
}

function AnswerKey({ question }: { question: ViewableQuestion }) {
  const { t } = useTranslation('exams');
  const { options = [], acceptedAnswers = [], sampleAnswer, explanation } = question;
  // True and False are the product's own words, not the teacher's: they read in the reader's language.
  const optionText = (text: string) => (question.type === 'true-false' ? enumLabel('trueFalse', text) : text);
  return (
    <>
      {options.length > 0 && (
        <List spacing={4} size="sm" listStyleType="none" aria-label={t('question.options')}>
          {options.map((option, i) => (
            <List.Item
              key={i}
              icon={
                <ThemeIcon size={20} radius="xl" variant={option.isCorrect ? 'filled' : 'light'} color={option.isCorrect ? 'green' : 'gray'}>
                  {option.isCorrect ? <IconCheck size={14} aria-hidden /> : <IconCircle size={10} aria-hidden />}
                </ThemeIcon>
              }
            >
              <MathText text={optionText(option.text)} />
              {option.isCorrect && (
                <Text span size="sm" fw={600} c="green" ml="xs">
                  {t('question.correctMark')}
                </Text>
              )}
              {question.type === 'multiple-response' && option.fraction !== undefined && option.fraction !== 0 && (
                <Text span size="sm" c={option.fraction < 0 ? 'red.8' : 'dimmed'} ml="xs">
                  {t('question.creditMark', { percent: creditPercent(option.fraction) })}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {KEY_LINE_TYPES.has(question.type) && (
        <Text size="sm" component="div" data-testid="answer-key">
          <Text span fw={600}>
            {t('question.answerKey')}
          </Text>{' '}
          <MathText text={describeKey({ ...question, options, correctAnswer: question.correctAnswer ?? '', acceptedAnswers })} />
          {question.type === 'short-answer' && question.caseSensitive && (
            <Text span size="sm" c="dimmed" ml="xs">
              {t('question.caseSensitive')}
            </Text>
          )}
        </Text>
      )}
      {question.type === 'matching' && (question.distractors ?? []).length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            {t('question.distractors')}
          </Text>{' '}
          {question.distractors!.join(', ')}
        </Text>
      )}
      {question.type === 'fill-blank' && acceptedAnswers.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            {t('question.acceptedAnswers')}
          </Text>{' '}
          {acceptedAnswers.join(', ')}
        </Text>
      )}
      {question.type === 'essay' && sampleAnswer && (
        <Text size="sm" component="div">
          <Text span fw={600}>
            {t('question.sampleAnswer')}
          </Text>{' '}
          <MathText text={sampleAnswer} />
        </Text>
      )}
      {question.type === 'essay' && question.rubric && <RubricSummary rubric={question.rubric} />}
      {explanation && (
        <Text size="sm" c="dimmed" component="div">
          <Text span fw={600}>
            {t('question.explanation')}
          </Text>{' '}
          <MathText text={explanation} />
        </Text>
      )}
    </>
  );
}

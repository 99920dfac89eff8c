import { describeAnswer, type SubmissionAnswer } from '@exam/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { i18n } from '../../../i18n';
import { enumLabel, formatNumber } from '../../../i18n/format';
import { RubricTable } from '../../rubrics/RubricTable';
import { QuestionCard } from './QuestionCard';

function marksText(answer: SubmissionAnswer): string | null {
  const t = (key: string, values: Record<string, unknown>) => i18n.t(key, { ns: 'results', ...values });
  if (answer.status === 'submitted') return null;
  if (answer.status === 'pending' || answer.marks === null) return t('answers.marksPending', { points: formatNumber(answer.points) });
  return t('answers.marks', { marks: formatNumber(answer.marks), points: formatNumber(answer.points) });
}

/**
 * An answer as a reader reads it: True and False in the reader's language (they are the
 * platform's own options), chosen options and matched pairs spelled out rather than as stored.
 */
const answerText = (answer: SubmissionAnswer, value: string) => (answer.type === 'true-false' ? enumLabel('trueFalse', value) : describeAnswer(answer.type, value));
/** The key arrives already spelled out by the server ("Cat → Mammal; Eagle → Bird"). */
const keyText = (answer: SubmissionAnswer, key: string) => (answer.type === 'true-false' ? enumLabel('trueFalse', key) : key);

interface AnswerListProps {
  answers: SubmissionAnswer[];
  /** Keys and explanations, only when the server sent them and the reader asked to see them. */
  showKeys: boolean;
  /** "Your answer" for the student; "Student's answer" for anyone else. */
  answerLabel: string;
}

/** The detailed answer list of the result screen, questions rendered with their math. */
export function AnswerList({ answers, showKeys, answerLabel }: AnswerListProps) {
  const { t } = useTranslation('results');
  return (
    <Stack gap="sm">
      {answers.map((a) => {
        const marks = marksText(a);
        return (
          <QuestionCard key={a.questionId} answer={a} gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                {t('answers.labelled', { label: answerLabel })}{' '}
              </Text>
              {a.userAnswer?.trim() ? (
                <MathText text={answerText(a, a.userAnswer)} />
              ) : (
                <Text span c="dimmed">
                  {t('answers.noAnswer')}
                </Text>
              )}
            </Text>
            {marks && <Text size="sm">{marks}</Text>}
            {a.rubricAssessment && <RubricTable assessment={a.rubricAssessment} />}
            {a.feedback && (
              <Text size="sm">
                <Text span fw={600}>
                  {t('answers.feedback')}{' '}
                </Text>
                {a.feedback}
              </Text>
            )}
            {showKeys && a.correctAnswer && (
              <Text size="sm" data-testid="correct-answer">
                <Text span fw={600}>
                  {t('answers.correctAnswer')}{' '}
                </Text>
                <MathText text={keyText(a, a.correctAnswer)} />
              </Text>
            )}
            {showKeys && a.explanation && (
              <Text size="sm">
                <Text span fw={600}>
                  {t('answers.explanation')}{' '}
                </Text>
                <MathText text={a.explanation} />
              </Text>
            )}
          </QuestionCard>
        );
      })}
    </Stack>
  );
}

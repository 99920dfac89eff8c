import { Stack, Text } from '@mantine/core';
import { MathText } from '../../../components/MathText';
import type { SubmissionAnswer } from '../types';
import { QuestionCard } from './QuestionCard';

function marksText(answer: SubmissionAnswer): string | null {
  if (answer.status === 'submitted') return null;
  if (answer.status === 'pending' || answer.marks === null) return `Marks: pending review (out of ${answer.points})`;
  return `Marks: ${answer.marks} / ${answer.points}`;
}

interface AnswerListProps {
  answers: SubmissionAnswer[];
  /** Keys and explanations, only when the server sent them and the reader asked to see them. */
  showKeys: boolean;
  /** "Your answer" for the student; "Student's answer" for anyone else. */
  answerLabel: string;
}

/** The detailed answer list of the result screen, questions rendered with their math. */
export function AnswerList({ answers, showKeys, answerLabel }: AnswerListProps) {
  return (
    <Stack gap="sm">
      {answers.map((a) => {
        const marks = marksText(a);
        return (
          <QuestionCard key={a.questionId} answer={a} gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                {answerLabel}:{' '}
              </Text>
              {a.userAnswer?.trim() ? <MathText text={a.userAnswer} /> : <Text span c="dimmed">No answer</Text>}
            </Text>
            {marks && <Text size="sm">{marks}</Text>}
            {a.feedback && (
              <Text size="sm">
                <Text span fw={600}>
                  Teacher feedback:{' '}
                </Text>
                {a.feedback}
              </Text>
            )}
            {showKeys && a.correctAnswer && (
              <Text size="sm" data-testid="correct-answer">
                <Text span fw={600}>
                  Correct answer:{' '}
                </Text>
                <MathText text={a.correctAnswer} />
              </Text>
            )}
            {showKeys && a.explanation && (
              <Text size="sm">
                <Text span fw={600}>
                  Explanation:{' '}
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

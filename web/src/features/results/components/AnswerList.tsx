import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconClock, IconMinus, IconSend, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MathText } from '../../../components/MathText';
import { pointsLabel, QUESTION_TYPE_LABELS } from '../../exams/labels';
import { ANSWER_STATUS_COLOR, ANSWER_STATUS_TEXT } from '../labels';
import type { AnswerStatus, SubmissionAnswer } from '../types';

const STATUS_ICON: Record<AnswerStatus, ReactNode> = {
  correct: <IconCheck size={14} aria-hidden />,
  incorrect: <IconX size={14} aria-hidden />,
  pending: <IconClock size={14} aria-hidden />,
  skipped: <IconMinus size={14} aria-hidden />,
  submitted: <IconSend size={14} aria-hidden />,
};

/** An answer's status as an icon and words: a pending essay reads "Pending review", never wrong. */
export function AnswerStatusBadge({ status }: { status: AnswerStatus }) {
  return (
    <Badge color={ANSWER_STATUS_COLOR[status]} variant="light" leftSection={STATUS_ICON[status]} data-testid="answer-status">
      {ANSWER_STATUS_TEXT[status]}
    </Badge>
  );
}

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
          <Paper key={a.questionId} withBorder p="md" radius="md" component="article" aria-label={`Question ${a.index}`}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>
                  Question {a.index}{' '}
                  <Text span c="dimmed" size="sm" fw={400}>
                    · {QUESTION_TYPE_LABELS[a.type] ?? a.type} · {pointsLabel(a.points)}
                  </Text>
                </Text>
                <AnswerStatusBadge status={a.status} />
              </Group>
              <MathText block text={a.question} />
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
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

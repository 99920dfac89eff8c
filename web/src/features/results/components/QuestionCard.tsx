import type { ShownAnswerStatus, SubmissionAnswer } from '@exam/shared';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleHalf2, IconClock, IconMinus, IconSend, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { enumLabel } from '../../../i18n/format';
import { ANSWER_STATUS_COLOR, answerStatusText } from '../../../lib/resultLabels';

const STATUS_ICON: Record<ShownAnswerStatus, ReactNode> = {
  correct: <IconCheck size={14} aria-hidden />,
  partial: <IconCircleHalf2 size={14} aria-hidden />,
  incorrect: <IconX size={14} aria-hidden />,
  pending: <IconClock size={14} aria-hidden />,
  skipped: <IconMinus size={14} aria-hidden />,
  submitted: <IconSend size={14} aria-hidden />,
};

/**
 * An answer's status as an icon and words: a pending essay reads "Pending review", one given some
 * of its marks "Partially correct · 3 / 5", never a red "Incorrect".
 */
export function AnswerStatusBadge({ answer }: { answer: Pick<SubmissionAnswer, 'status' | 'marks' | 'points'> }) {
  useTranslation('results');
  return (
    <Badge color={ANSWER_STATUS_COLOR[answer.status]} variant="light" leftSection={STATUS_ICON[answer.status]} data-testid="answer-status" style={{ textTransform: 'none' }}>
      {answerStatusText(answer)}
    </Badge>
  );
}

/**
 * One answered question as an article named "Question n": its number, type, points and status,
 * the question with its math, then what the screen shows of the student's answer (`children`).
 * Used by the result screen's answer list and the grading screen.
 */
export function QuestionCard({ answer: a, gap, children }: { answer: SubmissionAnswer; gap: 'xs' | 'sm'; children: ReactNode }) {
  const { t } = useTranslation('results');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={t('answers.question', { number: a.index })}>
      <Stack gap={gap}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            {t('answers.question', { number: a.index })}{' '}
            <Text span c="dimmed" size="sm" fw={400}>
              · {enumLabel('questionTypes', a.type)} · {t('answers.points', { count: a.points })}
            </Text>
          </Text>
          <AnswerStatusBadge answer={a} />
        </Group>
        <MathText block text={a.question} />
        {children}
      </Stack>
    </Paper>
  );
}

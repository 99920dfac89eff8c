import { Badge, Button, Group, Image, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconFlag, IconFlagFilled } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../components/MathText';
import { AnswerInput } from './AnswerInput';
import { BUTTON_TOUCH_HEIGHT } from './touchTarget';
import type { TakingQuestion } from './types';

interface QuestionCardProps {
  question: TakingQuestion;
  /** 0-based position of the question, and how many there are. */
  index: number;
  total: number;
  answer: string | null;
  marked: boolean;
  /** Answers and marks are frozen (submitting, time up). */
  locked: boolean;
  onAnswer: (answer: string | null) => void;
  onToggleMark: () => void;
  onGo: (index: number) => void;
  flushRef: RefObject<(() => void) | null>;
}

/**
 * One question as a student sees it: number, type, points, text, the answer control, mark for
 * review, previous and next. Where answers go is the caller's business: the exam screen sends
 * them to the exam machine, the teacher's preview keeps them on the page.
 */
export function QuestionCard({ question, index, total, answer, marked, locked, onAnswer, onToggleMark, onGo, flushRef }: QuestionCardProps) {
  const { t } = useTranslation('examTaking');
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="question-heading">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          {/* Clear of the exam screen's sticky header when scrolled to (the preview has none: 0). */}
          <Title order={2} size="h4" id="question-heading" tabIndex={-1} style={{ scrollMarginTop: 'calc(var(--exam-header-height, 0px) + var(--mantine-spacing-md))' }}>
            {t('question.heading', { number: index + 1, total })}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{t(`question.types.${question.type}`)}</Badge>
            <Badge variant="outline" color="gray">
              {t('question.points', { count: question.points })}
            </Badge>
          </Group>
        </Group>
        <MathText block text={question.text} data-testid="question-text" />
        {question.image && <Image src={question.image} alt={t('question.imageAlt', { number: index + 1 })} maw={480} radius="sm" />}
        <AnswerInput key={question._id} question={question} number={index + 1} answer={answer} disabled={locked} onAnswer={onAnswer} flushRef={flushRef} />
        <Group justify="space-between" wrap="wrap" mt="sm">
          <Button
            variant={marked ? 'filled' : 'default'}
            h={BUTTON_TOUCH_HEIGHT}
            color="orange"
            aria-pressed={marked}
            leftSection={marked ? <IconFlagFilled size={16} aria-hidden /> : <IconFlag size={16} aria-hidden />}
            onClick={onToggleMark}
            disabled={locked}
          >
            {marked ? t('question.markedForReview') : t('question.markForReview')}
          </Button>
          <Group gap="xs">
            <Button variant="default" h={BUTTON_TOUCH_HEIGHT} leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => onGo(index - 1)} disabled={index === 0}>
              {t('common:actions.previous')}
            </Button>
            <Button variant="default" h={BUTTON_TOUCH_HEIGHT} rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => onGo(index + 1)} disabled={index >= total - 1}>
              {t('common:actions.next')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

import { describeAnswer, type SubmissionAnswer } from '@exam/shared';
import type { ReactNode } from 'react';
import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { MathText } from '../../../components/MathText';
import { QuestionCard } from '../../results/components/QuestionCard';
import { FeedbackWithComments } from '../comments/FeedbackWithComments';
import type { GradeDraft } from '../gradeForm';
import { ConflictNotice } from './ConflictNotice';
import { RubricMarker } from './RubricMarker';

interface AnswerGradeCardProps {
  answer: SubmissionAnswer;
  draft: GradeDraft;
  error?: string;
  onChange: (draft: GradeDraft) => void;
  /** This teacher's marks refused because another teacher saved first. */
  conflict?: { mine: GradeDraft; busy: boolean; onUseMine: () => void; onDismiss: () => void };
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * One question to grade: an essay with the student's answer and the sample answer; an objective
 * question with the key and its automatic marks, which the teacher may override.
 */
export function AnswerGradeCard({ answer: a, draft, error, onChange, conflict }: AnswerGradeCardProps) {
  const { t } = useTranslation('grading');
  const essay = a.type === 'essay';
  return (
    <QuestionCard answer={a} gap="sm">
      <Labelled label={t('card.studentAnswer')}>
        {a.userAnswer?.trim() ? <MathText block text={describeAnswer(a.type, a.userAnswer)} data-testid="student-answer" /> : <Text c="dimmed">{t('card.noAnswer')}</Text>}
      </Labelled>
      {essay && (
        <Labelled label={t('card.sampleAnswer')}>
          {a.sampleAnswer ? <MathText block text={a.sampleAnswer} /> : <Text c="dimmed">{t('card.noSample')}</Text>}
        </Labelled>
      )}
      {!essay && a.correctAnswer && (
        <Labelled label={t('card.correctAnswer')}>
          <MathText block text={a.correctAnswer} />
        </Labelled>
      )}
      {!essay && a.autoMarks !== undefined && a.autoMarks !== null && (
        <Text size="sm" data-testid="auto-marks">
          {t('card.autoMarks', { marks: formatNumber(a.autoMarks), points: formatNumber(a.points) })}
        </Text>
      )}
      {conflict && <ConflictNotice mine={conflict.mine} rubric={a.rubric ?? null} busy={conflict.busy} onUseMine={conflict.onUseMine} onDismiss={conflict.onDismiss} />}
      {a.rubric ? (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('card.marks', { number: a.index })}
          </Text>
          <RubricMarker rubric={a.rubric} chosen={draft.rubric ?? {}} error={error} onChange={(rubric) => onChange({ ...draft, rubric })} />
          <FeedbackWithComments label={t('card.feedback', { number: a.index })} value={draft.feedback} onChange={(feedback) => onChange({ ...draft, feedback })} />
        </Stack>
      ) : (
        <Group align="flex-start" grow>
          <NumberInput
            label={essay ? t('card.marks', { number: a.index }) : t('card.overrideMarks', { number: a.index })}
            description={t('card.marksRange', { points: formatNumber(a.points) })}
            min={0}
            step={0.5}
            decimalScale={2}
            allowNegative={false}
            value={draft.marks}
            error={error}
            onChange={(value) => onChange({ ...draft, marks: value === '' ? '' : Number(value) })}
            maw={220}
          />
          <FeedbackWithComments label={t('card.feedback', { number: a.index })} value={draft.feedback} onChange={(feedback) => onChange({ ...draft, feedback })} />
        </Group>
      )}
    </QuestionCard>
  );
}

import { describeAnswer, type SubmissionAnswer } from '@exam/shared';
import type { ReactNode } from 'react';
import { Group, NumberInput, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { MathText } from '../../../components/MathText';
import { QuestionCard } from '../../results/components/QuestionCard';
import type { GradeDraft } from '../gradeForm';

interface AnswerGradeCardProps {
  answer: SubmissionAnswer;
  draft: GradeDraft;
  error?: string;
  onChange: (draft: GradeDraft) => void;
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
export function AnswerGradeCard({ answer: a, draft, error, onChange }: AnswerGradeCardProps) {
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
        <Textarea
          label={t('card.feedback', { number: a.index })}
          autosize
          minRows={2}
          maxLength={5000}
          value={draft.feedback}
          onChange={(e) => onChange({ ...draft, feedback: e.currentTarget.value })}
        />
      </Group>
    </QuestionCard>
  );
}

import type { ReactNode } from 'react';
import { Group, NumberInput, Text, Textarea } from '@mantine/core';
import { MathText } from '../../../components/MathText';
import { QuestionCard } from '../../results/components/QuestionCard';
import type { SubmissionAnswer } from '../../results/types';
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
  const essay = a.type === 'essay';
  return (
    <QuestionCard answer={a} gap="sm">
      <Labelled label="Student’s answer">
        {a.userAnswer?.trim() ? <MathText block text={a.userAnswer} data-testid="student-answer" /> : <Text c="dimmed">No answer</Text>}
      </Labelled>
      {essay && (
        <Labelled label="Sample answer">
          {a.sampleAnswer ? <MathText block text={a.sampleAnswer} /> : <Text c="dimmed">No sample answer was written for this question.</Text>}
        </Labelled>
      )}
      {!essay && a.correctAnswer && (
        <Labelled label="Correct answer">
          <MathText block text={a.correctAnswer} />
        </Labelled>
      )}
      {!essay && a.autoMarks !== undefined && a.autoMarks !== null && (
        <Text size="sm" data-testid="auto-marks">
          Automatic marks: {a.autoMarks} / {a.points}
        </Text>
      )}
      <Group align="flex-start" grow>
        <NumberInput
          label={essay ? `Marks for question ${a.index}` : `Override marks for question ${a.index}`}
          description={`0 to ${a.points}`}
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
          label={`Feedback for question ${a.index}`}
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

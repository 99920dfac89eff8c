import type { SubmissionDetail } from '@exam/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { notifyError, notifySuccess } from '../../lib/notify';
import { failureReason } from '../exams/messages';
import { useGradeSubmission } from '../results/hooks';
import { AnswerGradeCard } from './components/AnswerGradeCard';
import { checkGrades, initialDrafts, type Drafts } from './gradeForm';

interface GradingFormProps {
  detail: SubmissionDetail;
  /** After a successful "Save & Next", or a "Next" with nothing to save. */
  onNext: () => void;
  nextBusy: boolean;
}

/** The marks and feedback of one submission; keyed by submission so each starts from its own data. */
export function GradingForm({ detail, onNext, nextBusy }: GradingFormProps) {
  const { t } = useTranslation('grading');
  const { submission } = detail;
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(submission.answers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [advancing, setAdvancing] = useState(false);
  const grade = useGradeSubmission(submission._id);

  const essays = submission.answers.filter((a) => a.type === 'essay');
  const objective = submission.answers.filter((a) => a.type !== 'essay');

  const save = (then?: () => void) => {
    const check = checkGrades(submission.answers, drafts);
    setErrors(check.errors);
    if (Object.keys(check.errors).length) {
      setFormError(t('form.correctMarked'));
      return;
    }
    if (!check.grades.length) {
      // Nothing changed: "Save & Next" simply moves on; "Save" says why nothing happened.
      if (then) then();
      else setFormError(check.formError);
      return;
    }
    setFormError(null);
    setAdvancing(Boolean(then));
    grade.mutate(check.grades, {
      onSuccess: (result) => {
        notifySuccess(result.message ?? t('form.saved'));
        then?.();
      },
      onError: (error) => notifyError(failureReason(error, t('form.saveFailed'))),
    });
  };

  const card = (a: (typeof submission.answers)[number]) => (
    <AnswerGradeCard
      key={a.questionId}
      answer={a}
      draft={drafts[a.questionId] ?? { marks: '', feedback: '' }}
      error={errors[a.questionId]}
      onChange={(draft) => {
        setDrafts((d) => ({ ...d, [a.questionId]: draft }));
        setErrors(({ [a.questionId]: _cleared, ...rest }) => rest);
      }}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="lg">
        <Section title={t('form.essays', { n: essays.length })}>
          {essays.length ? <Stack gap="sm">{essays.map(card)}</Stack> : <Text c="dimmed">{t('form.noEssays')}</Text>}
        </Section>
        {objective.length > 0 && (
          <Section title={t('form.automatic', { n: objective.length })}>
            <Text size="sm" c="dimmed" mb="xs">
              {t('form.automaticHelp')}
            </Text>
            <Stack gap="sm">{objective.map(card)}</Stack>
          </Section>
        )}
        {formError && (
          <Alert color="red" role="alert" data-testid="grading-form-error">
            {formError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={grade.isPending && !advancing} disabled={nextBusy}>
            {t('form.save')}
          </Button>
          <Button variant="light" loading={nextBusy || (grade.isPending && advancing)} disabled={grade.isPending && !advancing} onClick={() => save(onNext)}>
            {t('form.saveNext')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import type { SubmissionDetail } from '@exam/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { notifyError, notifySuccess } from '../../lib/notify';
import { failureReason } from '../exams/messages';
import { resultsApi } from '../results/api';
import { resultKeys, useGradeSubmission } from '../results/hooks';
import { AnswerGradeCard } from './components/AnswerGradeCard';
import { isMarkedMeanwhile, markedMeanwhileText } from './conflict';
import { checkEntry, checkGrades, draftOf, initialDrafts, storedMarkOf, type Drafts } from './gradeForm';

interface GradingFormProps {
  detail: SubmissionDetail;
  /** After a successful "Save & Next", or a "Next" with nothing to save. */
  onNext: () => void;
  nextBusy: boolean;
}

/** The marks and feedback of one submission; keyed by submission so each starts from its own data. */
export function GradingForm({ detail, onNext, nextBusy }: GradingFormProps) {
  const { t } = useTranslation('grading');
  const client = useQueryClient();
  const { submission } = detail;
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(submission.answers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [advancing, setAdvancing] = useState(false);
  // Question id → the draft another teacher's save got in the way of.
  const [conflicts, setConflicts] = useState<Drafts>({});
  const grade = useGradeSubmission(submission._id);

  const essays = submission.answers.filter((a) => a.type === 'essay');
  const objective = submission.answers.filter((a) => a.type !== 'essay');

  /**
   * Reads the submission again so the other teacher's marks show; each answer whose version moved
   * gets their marks in the form and this teacher's draft beside it. The rest stay as typed.
   */
  const recoverFromConflict = async (sent: Drafts) => {
    notifyError(markedMeanwhileText());
    const fresh = await client.fetchQuery({ queryKey: resultKeys.detail(submission._id), queryFn: () => resultsApi.detail(submission._id), staleTime: 0 }).catch(() => null);
    if (!fresh) return;
    const before = new Map(submission.answers.map((a) => [a.questionId, a.markVersion]));
    const moved = fresh.submission.answers.filter((a) => sent[a.questionId] && a.markVersion !== before.get(a.questionId));
    // Without versions to compare, every answer sent is treated as taken over.
    const taken = moved.length ? moved : fresh.submission.answers.filter((a) => sent[a.questionId]);
    setConflicts((c) => ({ ...c, ...Object.fromEntries(taken.map((a) => [a.questionId, sent[a.questionId]!])) }));
    setDrafts((d) => ({ ...d, ...Object.fromEntries(taken.map((a) => [a.questionId, draftOf(storedMarkOf(a))])) }));
  };

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
    const sent = Object.fromEntries(check.grades.map((g) => [g.questionId, drafts[g.questionId]!]));
    grade.mutate(check.grades, {
      onSuccess: (result) => {
        notifySuccess(result.message ?? t('form.saved'));
        // The saved answers' next save goes against the versions this save made.
        const fresh = new Map(result.data.submission.answers.map((a) => [a.questionId, a.markVersion]));
        setDrafts((d) => ({ ...d, ...Object.fromEntries(Object.keys(sent).map((q) => [q, { ...d[q]!, version: fresh.get(q) }])) }));
        then?.();
      },
      onError: (error) => {
        if (isMarkedMeanwhile(error)) void recoverFromConflict(sent);
        else notifyError(failureReason(error, t('form.saveFailed')));
      },
    });
  };

  const saveMine = (questionId: string) => {
    const answer = submission.answers.find((a) => a.questionId === questionId);
    const mine = conflicts[questionId];
    if (!answer || !mine) return;
    // Written over the other teacher's marks on purpose: against the version now on screen.
    const { entry, error } = checkEntry(storedMarkOf(answer), { ...mine, version: answer.markVersion });
    const settle = () => setConflicts(({ [questionId]: _done, ...rest }) => rest);
    if (error) {
      setErrors((e) => ({ ...e, [questionId]: error }));
      return;
    }
    if (!entry) {
      settle();
      return;
    }
    grade.mutate([entry], {
      onSuccess: (result) => {
        notifySuccess(result.message ?? t('form.saved'));
        const version = result.data.submission.answers.find((a) => a.questionId === questionId)?.markVersion;
        setDrafts((d) => ({ ...d, [questionId]: { ...mine, version } }));
        settle();
      },
      onError: (err) => {
        if (isMarkedMeanwhile(err)) void recoverFromConflict({ [questionId]: mine });
        else notifyError(failureReason(err, t('form.saveFailed')));
      },
    });
  };

  const card = (a: (typeof submission.answers)[number]) => (
    <AnswerGradeCard
      key={a.questionId}
      answer={a}
      draft={drafts[a.questionId] ?? { marks: '', feedback: '' }}
      error={errors[a.questionId]}
      conflict={
        conflicts[a.questionId] && {
          mine: conflicts[a.questionId]!,
          busy: grade.isPending,
          onUseMine: () => saveMine(a.questionId),
          onDismiss: () => setConflicts(({ [a.questionId]: _gone, ...rest }) => rest),
        }
      }
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

import type { GradeInput, QuestionMarking } from '@exam/shared';
import { Alert, Badge, Button, Group, NumberInput, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { formatNumber } from '../../../i18n/format';
import { notifyError } from '../../../lib/notify';
import { failureReason } from '../../exams/messages';
import { pointsLabel } from '../../exams/labels';
import { resultsApi } from '../../results/api';
import { resultKeys } from '../../results/hooks';
import { FeedbackWithComments } from '../comments/FeedbackWithComments';
import { ConflictNotice } from '../components/ConflictNotice';
import { chooseByNumber, RubricMarker } from '../components/RubricMarker';
import { isMarkedMeanwhile, markedMeanwhileText } from '../conflict';
import { checkEntry, draftChanged, draftOf, type Drafts, type GradeDraft } from '../gradeForm';
import { useAnonymousMode } from '../useAnonymousMode';
import { markingApi } from './api';
import { markingKeys } from './hooks';
import { nextPending, storedOfAnswer, withSaved } from './markingAnswers';
import { ShortcutsDialog } from './ShortcutsDialog';
import { UnsavedMarksGuard } from './UnsavedMarksGuard';
import { useMarkingKeys } from './useMarkingKeys';

interface QuestionMarkerProps {
  examId: string;
  data: QuestionMarking;
}

/** The answers of one question, marked one at a time, drafts kept per attempt until saved. */
export function QuestionMarker({ examId, data }: QuestionMarkerProps) {
  const { t } = useTranslation('grading');
  const client = useQueryClient();
  const { question, answers } = data;
  const key = markingKeys.question(examId, question.questionId);
  const [currentId, setCurrentId] = useState(() => (answers.find((a) => a.status === 'pending') ?? answers[0]!).attemptId);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [conflicts, setConflicts] = useState<Drafts>({});
  const [error, setError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [allDone, setAllDone] = useState(false);
  const [bankOpened, setBankOpened] = useState(false);
  const [helpOpened, setHelpOpened] = useState(false);
  const [localAnonymous, setLocalAnonymous] = useAnonymousMode();
  const marksRef = useRef<HTMLInputElement>(null);
  const rubricRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLTextAreaElement>(null);
  const answerRef = useRef<HTMLElement>(null);

  const index = Math.max(
    0,
    answers.findIndex((a) => a.attemptId === currentId),
  );
  const current = answers[index]!;
  const stored = storedOfAnswer(question, current);
  const draft = drafts[current.attemptId] ?? draftOf(stored);
  const conflict = conflicts[current.attemptId];
  // A draft refused because another teacher saved first is still this teacher's unsaved work.
  const unsaved = answers.filter((a) => conflicts[a.attemptId] || (drafts[a.attemptId] && draftChanged(storedOfAnswer(question, a), drafts[a.attemptId]!))).length;
  const anonymous = data.exam.anonymousMarking || localAnonymous || current.studentName === null;

  const grade = useMutation({
    mutationFn: ({ attemptId, entry }: { attemptId: string; entry: GradeInput }) => resultsApi.grade(attemptId, [entry]),
  });

  const show = (attemptId: string) => {
    setCurrentId(attemptId);
    setError(undefined);
  };
  const move = (step: number) => {
    const next = answers[index + step];
    if (next) show(next.attemptId);
  };
  const edit = (next: GradeDraft) => {
    setDrafts((d) => ({ ...d, [current.attemptId]: next }));
    setError(undefined);
  };
  const forget = (attemptId: string) => setDrafts(({ [attemptId]: _gone, ...rest }) => rest);

  /** Reads the answers again so the other teacher's marks show; this teacher's draft waits beside them. */
  const recover = async (attemptId: string, mine: GradeDraft) => {
    setAnnouncement(markedMeanwhileText());
    setConflicts((c) => ({ ...c, [attemptId]: mine }));
    forget(attemptId);
    await client.fetchQuery({ queryKey: key, queryFn: () => markingApi.question(examId, question.questionId), staleTime: 0 }).catch(() => undefined);
  };

  const submit = (attemptId: string, mine: GradeDraft, after: (left: QuestionMarking) => void) => {
    const answer = answers.find((a) => a.attemptId === attemptId)!;
    const { entry, error: refused } = checkEntry(storedOfAnswer(question, answer), mine);
    if (refused) {
      setError(refused);
      return;
    }
    if (!entry) {
      after(data);
      return;
    }
    grade.mutate(
      { attemptId, entry },
      {
        onSuccess: (result) => {
          const updated = withSaved(client.getQueryData<QuestionMarking>(key) ?? data, attemptId, result.data);
          client.setQueryData(key, updated);
          void client.invalidateQueries({ queryKey: markingKeys.overview(examId) });
          // Read the list again in the background: another teacher's marks and the count left show
          // up here too (drafts keep the version they began from, so nothing of theirs is overwritten).
          void client.invalidateQueries({ queryKey: key });
          void client.invalidateQueries({ queryKey: resultKeys.all });
          forget(attemptId);
          setConflicts(({ [attemptId]: _settled, ...rest }) => rest);
          setAnnouncement(updated.left ? t('marking.savedLeft', { count: updated.left }) : t('marking.savedAllDone'));
          after(updated);
        },
        onError: (err) => {
          if (isMarkedMeanwhile(err)) void recover(attemptId, mine);
          else notifyError(failureReason(err, t('marking.saveFailed')));
        },
      },
    );
  };

  const saveAndNext = () => {
    if (grade.isPending) return;
    submit(current.attemptId, draft, (now) => {
      const next = nextPending(now.answers, index);
      setAllDone(!next);
      if (next) {
        show(next.attemptId);
        // The next answer takes the focus (and a screen reader reads whose it is): the level keys work at once.
        requestAnimationFrame(() => answerRef.current?.focus());
      }
    });
  };

  const focusMarks = () => {
    if (!question.rubric) return marksRef.current?.focus();
    const radios = [...(rubricRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])];
    (radios.find((r) => r.checked) ?? radios[0])?.focus();
  };

  const chooseLevel = (n: number) => {
    if (!question.rubric) return;
    const focused = document.activeElement?.closest<HTMLElement>('[data-criterion-id]')?.dataset.criterionId ?? null;
    const chosen = chooseByNumber(question.rubric, draft.rubric ?? {}, focused, n);
    if (chosen) edit({ ...draft, rubric: chosen });
  };

  useMarkingKeys({
    next: () => move(1),
    previous: () => move(-1),
    focusMarks,
    focusComment: () => feedbackRef.current?.focus(),
    chooseLevel,
    save: saveAndNext,
    openBank: () => setBankOpened(true),
    openHelp: () => setHelpOpened(true),
  });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600}>{t('marking.questionTitle', { index: question.index, points: pointsLabel(question.points) })}</Text>
            {question.rubric && (
              <Badge size="sm" variant="light">
                {t('marking.rubric')}
              </Badge>
            )}
          </Group>
          <MathText block text={question.text} data-testid="marking-question" />
          <details>
            <summary>{t('marking.sampleAnswer')}</summary>
            {question.sampleAnswer ? <MathText block text={question.sampleAnswer} /> : <Text c="dimmed">{t('marking.noSample')}</Text>}
          </details>
        </Stack>
      </Paper>

      <Group justify="space-between">
        <Group gap="md">
          <Text fw={600} data-testid="marking-position">
            {t('marking.position', { position: current.position, total: answers.length })}
          </Text>
          <Text data-testid="marking-left">{t('marking.left', { count: data.left })}</Text>
        </Group>
        <Group gap="xs">
          <Switch label={t('grade.anonymous')} checked={anonymous} disabled={data.exam.anonymousMarking} onChange={(e) => setLocalAnonymous(e.currentTarget.checked)} />
          <Button variant="subtle" size="compact-sm" onClick={() => setHelpOpened(true)}>
            {t('marking.shortcutsButton')}
          </Button>
        </Group>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" data-testid="marking-announcement">
        {announcement}
      </VisuallyHidden>

      {unsaved > 0 && (
        <Alert color="yellow" data-testid="marking-unsaved">
          {t('marking.unsaved', { count: unsaved })}
        </Alert>
      )}
      {allDone && data.left === 0 && (
        <Alert color="green" data-testid="marking-done">
          {t('marking.allDone')}
        </Alert>
      )}

      <Paper ref={answerRef} tabIndex={-1} withBorder p="md" radius="md" component="section" aria-labelledby="marking-student" data-testid="marking-current">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} id="marking-student" data-testid="marking-student">
              {anonymous || !current.studentName ? t('marking.anonymousStudent', { position: current.position }) : current.studentName}
            </Text>
            {current.markedBy && (
              <Text size="sm" c="dimmed">
                {t('marking.markedBy', { name: current.markedBy })}
              </Text>
            )}
          </Group>
          <Text size="sm" fw={600}>
            {t('marking.answerLabel')}
          </Text>
          {current.answer?.trim() ? (
            <Text data-testid="marking-answer" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {current.answer}
            </Text>
          ) : (
            <Text c="dimmed" data-testid="marking-answer">
              {t('marking.noAnswer')}
            </Text>
          )}

          {conflict && (
            <ConflictNotice
              mine={conflict}
              rubric={question.rubric}
              busy={grade.isPending}
              // Written over the other teacher's marks on purpose: against the version now on screen.
              onUseMine={() => submit(current.attemptId, { ...conflict, version: current.markVersion }, () => undefined)}
              onDismiss={() => setConflicts(({ [current.attemptId]: _dropped, ...rest }) => rest)}
            />
          )}

          {question.rubric ? (
            <div ref={rubricRef}>
              <RubricMarker rubric={question.rubric} chosen={draft.rubric ?? {}} error={error} onChange={(rubric) => edit({ ...draft, rubric })} />
            </div>
          ) : (
            <NumberInput
              ref={marksRef}
              label={t('marking.marks', { points: formatNumber(question.points) })}
              data-testid="marking-marks"
              min={0}
              max={question.points}
              step={0.5}
              decimalScale={2}
              allowNegative={false}
              clampBehavior="none"
              value={draft.marks}
              error={error}
              onChange={(value) => edit({ ...draft, marks: value === '' ? '' : Number(value) })}
              maw={220}
            />
          )}
          <FeedbackWithComments
            label={t('marking.feedback')}
            testId="marking-feedback"
            value={draft.feedback}
            onChange={(feedback) => edit({ ...draft, feedback })}
            textareaRef={feedbackRef}
            pickerOpened={bankOpened}
            onPickerOpenedChange={setBankOpened}
          />
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="default" onClick={() => move(-1)} disabled={index === 0}>
                {t('marking.previous')}
              </Button>
              <Button variant="default" onClick={() => move(1)} disabled={index === answers.length - 1}>
                {t('marking.next')}
              </Button>
            </Group>
            <Button data-testid="marking-save" onClick={saveAndNext} loading={grade.isPending}>
              {t('marking.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ShortcutsDialog opened={helpOpened} onClose={() => setHelpOpened(false)} />
      <UnsavedMarksGuard unsaved={unsaved} />
    </Stack>
  );
}

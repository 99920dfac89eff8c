import { msg } from '../../../i18n/messages';
import { WIZARD_GRADES, examCreateSchema } from '@exam/shared';
import { Alert, Box, Button, Group, List, Stack, Stepper, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../../lib/notify';
import { ExamDetailsFields } from '../form/ExamDetailsFields';
import { emptyExamForm, followSchoolDefaults, formToExamBody, validateExamForm, type ExamFormValues } from '../form/examForm';
import { usePlatformSettings } from '../../../api/usePlatformSettings';
import { useCreateExam } from '../hooks';
import { EXAM_TEXT } from '../messages';
import { DETAILS_STEP, QUESTIONS_STEP, REVIEW_STEP, WIZARD_STEPS, describeCreateFailure, type CreateFailure } from './createFailure';
import { QuestionsStep } from './QuestionsStep';
import { draftToInput } from './questionDraft';
import { ReviewStep } from './ReviewStep';
import { LocalTimeHint } from './LocalTimeHint';
import { StudentsLocalTimes } from './StudentsLocalTimes';
import { editorInUse, initialWizardQuestions, questionCount, wizardQuestionsReducer } from './wizardQuestions';

/** The creation wizard offers three exam types; 'quiz' exists but is not offered here. */
const WIZARD_EXAM_TYPES = ['practice', 'assessment', 'final'] as const;

/**
 * Create Exam: Exam Details → Questions → Review & Submit.
 * Step 1 must pass the shared create schema before step 2; submitting needs a question. The exam,
 * its new questions and the reused bank questions go in ONE call, which the server runs in a
 * transaction: a failure leaves nothing half-made, and its field list says which step to fix.
 */
export function CreateExamPage() {
  const { t } = useTranslation('exams');
  const navigate = useNavigate();
  const [active, setActive] = useState(DETAILS_STEP);
  const [questions, dispatch] = useReducer(wizardQuestionsReducer, undefined, initialWizardQuestions);
  const [publishNow, setPublishNow] = useState(false);
  const [stepProblem, setStepProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  const create = useCreateExam();

  // A new exam starts from the school's defaults (Admin Settings), which may arrive after the first
  // render: its zone among them, so a school in Berlin schedules on Berlin's clock, not UTC.
  const { examDefaults, timezone: schoolZone } = usePlatformSettings();
  const form = useForm<ExamFormValues>({
    initialValues: emptyExamForm(schoolZone, examDefaults),
    validate: (values) => validateExamForm(examCreateSchema, values),
  });
  const appliedDefaults = useRef(examDefaults);
  useEffect(() => {
    if (appliedDefaults.current === examDefaults) return;
    form.setValues(followSchoolDefaults(form.getValues(), appliedDefaults.current, examDefaults));
    appliedDefaults.current = examDefaults;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable
  }, [examDefaults]);
  const appliedZone = useRef(schoolZone);
  useEffect(() => {
    if (appliedZone.current === schoolZone) return;
    // A zone the teacher chose stays; only the untouched default follows the school's.
    if (form.getValues().timezone === appliedZone.current) form.setFieldValue('timezone', schoolZone);
    appliedZone.current = schoolZone;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable
  }, [schoolZone]);

  /** Back to step 1 with the keyboard focus on its first invalid field. */
  const showDetailErrors = () => {
    setActive(DETAILS_STEP);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  /** Forward moves pass every gate on the way; backward moves are always allowed. */
  const goTo = (target: number) => {
    setStepProblem(null);
    if (target > DETAILS_STEP && form.validate().hasErrors) {
      showDetailErrors();
      return;
    }
    if (target > QUESTIONS_STEP && editorInUse(questions)) {
      setStepProblem(t('wizard.finishEditing'));
      setActive(QUESTIONS_STEP);
      return;
    }
    setActive(target);
  };

  const submit = () => {
    setStepProblem(null);
    setFailure(null);
    if (questionCount(questions) === 0) {
      setStepProblem(msg('exams.atLeastOneQuestion'));
      return;
    }
    if (form.validate().hasErrors) {
      showDetailErrors();
      return;
    }
    const subject = form.values.subject;
    create.mutate(
      {
        ...formToExamBody(form.values),
        isPublished: publishNow,
        questions: questions.drafts.map((d) => draftToInput(d, subject)),
        questionIds: questions.bank.map((q) => q._id),
      },
      {
        onSuccess: () => {
          notifySuccess(EXAM_TEXT.created);
          navigate('/exams');
        },
        onError: (error) => {
          const described = describeCreateFailure(error);
          setFailure(described);
          form.setErrors(described.detailErrors);
          dispatch({ type: 'server.errors', errors: described.questionErrors });
          if (described.step !== null) setActive(described.step);
        },
      },
    );
  };

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('wizard.title')}
        </Title>

        {failure && (
          <Alert color="red" title={failure.title} data-testid="create-error" role="alert">
            {failure.lines.length > 0 && (
              <List size="sm">
                {failure.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}

        <Stepper active={active} onStepClick={goTo} allowNextStepsSelect={false}>
          <Stepper.Step label={t(`wizard.steps.${WIZARD_STEPS[0]}`)}>
            <ExamDetailsFields
              form={form}
              grades={WIZARD_GRADES}
              examTypes={WIZARD_EXAM_TYPES}
              scheduleHint={
                <>
                  <LocalTimeHint startLocal={form.values.startLocal} endLocal={form.values.endLocal} zone={form.values.timezone} />
                  <StudentsLocalTimes startLocal={form.values.startLocal} zone={form.values.timezone} grade={form.values.grade} eligibleStudents={form.values.eligibleStudents} />
                </>
              }
            />
          </Stepper.Step>
          <Stepper.Step label={t(`wizard.steps.${WIZARD_STEPS[1]}`)}>
            <QuestionsStep state={questions} dispatch={dispatch} subject={form.values.subject} />
          </Stepper.Step>
          <Stepper.Step label={t(`wizard.steps.${WIZARD_STEPS[2]}`)}>
            <ReviewStep values={form.values} questions={questions} publishNow={publishNow} onPublishNowChange={setPublishNow} />
          </Stepper.Step>
        </Stepper>

        {stepProblem && (
          <Alert color="red" role="alert" data-testid="step-error">
            {stepProblem}
          </Alert>
        )}

        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === DETAILS_STEP || create.isPending}>
            {t('common:actions.previous')}
          </Button>
          {active < REVIEW_STEP ? (
            <Button onClick={() => goTo(active + 1)}>{t('common:actions.next')}</Button>
          ) : (
            <Button onClick={submit} loading={create.isPending} disabled={create.isPending}>
              {t('wizard.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Box>
  );
}

import { EXAM_GRADES, EXAM_TYPES, examUpdateSchema, type Exam } from '@exam/shared';
import { Alert, Box, Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/http';
import { PageLoader } from '../../../components/PageLoader';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiFieldErrors } from '../../../lib/zodForm';
import { ExamDetailsFields } from '../form/ExamDetailsFields';
import { examToFormValues, formToExamBody, toExamFormErrors, validateExamForm, type ExamFormValues } from '../form/examForm';
import { useExam, useUpdateExam } from '../hooks';
import { EXAM_TEXT, examFailure, failureReason } from '../messages';

/**
 * Edit Exam, /exam/edit/{examId} and /exam/{examId}/edit: loading, then the form,
 * 'Updating...' while saving. A failed load says 'Error loading exam data' and returns to /exams;
 * Cancel, Back and a successful update go to /exams too.
 */
export function EditExamPage() {
  const { t } = useTranslation('exams');
  const { examId } = useParams();
  const navigate = useNavigate();
  const exam = useExam(examId, { silent: true });

  useEffect(() => {
    if (!exam.isError) return;
    notifyError(EXAM_TEXT.loadForEditFailed, 'exam-load-failed');
    navigate('/exams', { replace: true });
  }, [exam.isError, navigate]);

  if (!exam.data) return <PageLoader label={t('edit.loading')} />;
  // Keyed by exam: the form takes its initial values once, from the loaded exam.
  return <EditExamForm key={exam.data._id} exam={exam.data} />;
}

function EditExamForm({ exam }: { exam: Exam }) {
  const { t } = useTranslation('exams');
  const navigate = useNavigate();
  const update = useUpdateExam(exam._id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ExamFormValues>({
    initialValues: examToFormValues(exam),
    validate: (values) => validateExamForm(examUpdateSchema, values),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(formToExamBody(values), {
      onSuccess: () => {
        notifySuccess(EXAM_TEXT.updated);
        navigate('/exams');
      },
      onError: (error) => {
        setFailure(examFailure('updateFailed', failureReason(error, EXAM_TEXT.updateFallback)));
        if (error instanceof ApiError && error.errors.length) form.setErrors(toExamFormErrors(apiFieldErrors(error.errors)));
      },
    });
  });

  const saving = update.isPending;
  return (
    <Box py="lg">
      <form onSubmit={submit} noValidate aria-labelledby="edit-exam-title">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1} size="h2" id="edit-exam-title">
              {t('edit.title')}
            </Title>
            <Button component={Link} to="/exams" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
              {t('backToExams')}
            </Button>
          </Group>

          <ExamDetailsFields form={form} grades={EXAM_GRADES} examTypes={EXAM_TYPES} />

          {failure && (
            <Alert color="red" role="alert" data-testid="form-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/exams')} disabled={saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t('edit.updating') : t('edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}

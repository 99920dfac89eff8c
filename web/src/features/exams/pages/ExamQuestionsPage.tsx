import { EXPORT_FORMATS, type Question } from '@exam/shared';
import { msg } from '../../../i18n/messages';
import { Alert, Box, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadFile } from '../../results/download';
import { QuestionBankModal } from '../components/QuestionBankModal';
import { QuestionView } from '../components/QuestionView';
import { useAddQuestions, useExam, useExamQuestions, useRemoveQuestion } from '../hooks';
import { pointsLabel } from '../labels';
import { EXAM_TEXT, examFailure, failureReason } from '../messages';

/**
 * The questions of one exam: previews cut at 100
 * characters, remove with confirmation, and the Add Questions modal over the bank without the
 * questions already in the exam. Once students have attempted the exam the server refuses both
 * changes with its 'frozen' message, which is shown as it is.
 */
export function ExamQuestionsPage() {
  const { t } = useTranslation('exams');
  const { examId = '' } = useParams();
  const exam = useExam(examId);
  const questions = useExamQuestions(examId);
  const add = useAddQuestions(examId);
  const remove = useRemoveQuestion(examId);
  const [bankOpen, setBankOpen] = useState(false);
  const [toRemove, setToRemove] = useState<Question | null>(null);

  const addSelected = (picked: Question[]) =>
    add.mutate(
      picked.map((q) => q._id),
      {
        onSuccess: () => {
          notifySuccess(EXAM_TEXT.questionsAdded);
          setBankOpen(false);
        },
        onError: (error) => notifyError(examFailure('addQuestionsFailed', failureReason(error))),
      },
    );

  // The exam's questions as a question file; the bank page holds the same formats.
  const exportAs = (format: string) =>
    downloadFile(`/questions/export?examId=${encodeURIComponent(examId)}&format=${format}`, `exam-questions.${format === 'gift' ? 'txt' : format === 'moodlexml' ? 'xml' : 'zip'}`).catch((error: unknown) =>
      notifyError(t('bank:export.failed', { reason: errorMessage(error) })),
    );

  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove._id, {
      onSuccess: () => notifySuccess(EXAM_TEXT.questionRemoved),
      onError: (error) => notifyError(examFailure('removeQuestionFailed', failureReason(error))),
      onSettled: () => setToRemove(null),
    });
  };

  if (questions.isPending) return <PageLoader label={t('questionsPage.loading')} />;
  if (questions.isError) {
    return (
      <Box py="lg">
        <Alert color="red" title={failureReason(questions.error)}>
          <Button mt="sm" component={Link} to="/exams" variant="light" color="red">
            {t('backToExams')}
          </Button>
        </Alert>
      </Box>
    );
  }

  const list = questions.data;
  const total = list.reduce((sum, q) => sum + q.points, 0);
  const frozen = exam.data?.hasAttempts === true;

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to="/exams" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          {t('backToExams')}
        </Button>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {exam.data ? t('questionsPage.titleOf', { title: exam.data.title }) : t('questionsPage.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('questionsPage.summary', { count: list.length, points: pointsLabel(total) })}
            </Text>
          </div>
          <Group gap="xs">
            {list.length > 0 && (
              <Button variant="default" component={Link} to={`/exam/${examId}/preview`} leftSection={<IconEye size={16} />}>
                {t('questionsPage.previewAsStudent')}
              </Button>
            )}
            {list.length > 0 && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                    {t('bank:export.examButton')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {EXPORT_FORMATS.map((format) => (
                    <Menu.Item key={format} onClick={() => void exportAs(format)}>
                      {t(`bank:formats.${format}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setBankOpen(true)} disabled={frozen}>
              {t('bank.title')}
            </Button>
          </Group>
        </Group>

        {frozen && <Alert color="yellow">{msg('exams.frozen')}</Alert>}

        {list.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>{EXAM_TEXT.noQuestionsAdded}</Text>
            <Text c="dimmed" size="sm">
              {t('questionsPage.emptyHint')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            {list.map((q, i) => (
              <QuestionView
                key={q._id}
                number={i + 1}
                question={q}
                preview
                // Its owner (the only one who gets here) checks the keys before students sit it.
                showKey
                actions={
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    aria-label={t('question.removeN', { number: i + 1 })}
                    disabled={frozen}
                    onClick={() => setToRemove(q)}
                  >
                    {t('question.remove')}
                  </Button>
                }
              />
            ))}
          </Stack>
        )}
      </Stack>

      <QuestionBankModal opened={bankOpen} onClose={() => setBankOpen(false)} excludeExamId={examId} onConfirm={addSelected} busy={add.isPending} />
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('questionsPage.removeDialogTitle')}
        message={EXAM_TEXT.confirmRemoveQuestion}
        confirmLabel={t('question.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      />
    </Box>
  );
}

import { Alert, Box, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { QuestionCard } from '../../exam-taking/QuestionCard';
import { QuestionPalette } from '../../exam-taking/QuestionPalette';
import { takingQuestionSchema } from '../../exam-taking/types';
import { i18n } from '../../../i18n';
import { examsApi } from '../api';
import { examKeys, useExam } from '../hooks';

/** The banner over every preview, so nobody takes it for a real attempt. */
export const previewNotice = () => i18n.t('exams:preview.notice');

/** The questions as the server gives them to a student, parsed as the exam screen parses them. */
const previewQuestions = z.array(takingQuestionSchema);

/**
 * /exam/{examId}/preview: the exam's owner (or an admin) sees the exam as a student would, with
 * the exam screen's own answer controls and palette. Answers and marks live only in this page:
 * no attempt, no live session, nothing saved; leaving the page forgets them.
 */
export function ExamPreviewPage() {
  const { t } = useTranslation('exams');
  const { examId = '' } = useParams();
  // The exam itself names the page and its breadcrumb.
  const exam = useExam(examId, { silent: true });
  const preview = useQuery({
    queryKey: [...examKeys.all, 'preview', examId],
    queryFn: () => examsApi.preview(examId).then((d) => previewQuestions.parse(d.questions)),
    meta: { silent: true },
  });
  const [answers, setAnswers] = useState<Record<string, string | null>>({});
  const [marked, setMarked] = useState<Set<string>>(new Set());
  const [current, setCurrent] = useState(0);
  const flushRef = useRef<(() => void) | null>(null);
  useDocumentTitle(exam.data ? t('preview.documentTitleOf', { title: exam.data.title }) : t('preview.documentTitle'));

  if (preview.isPending) return <PageLoader label={t('preview.loading')} />;
  if (preview.isError) {
    return (
      <Box py="lg">
        <LoadError message={t('preview.loadFailed')} onRetry={() => void preview.refetch()} />
      </Box>
    );
  }

  const questions = preview.data;
  const question = questions[current];
  const statuses = questions.map((q) => ({ answered: answers[q._id] != null && answers[q._id] !== '', marked: marked.has(q._id) }));
  const go = (index: number) => {
    flushRef.current?.();
    setCurrent(index);
  };
  const toggleMark = (id: string) =>
    setMarked((m) => {
      const next = new Set(m);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box py="lg">
      <Stack gap="md">
        <Alert color="grape" icon={<IconEye />} title={previewNotice()} data-testid="preview-notice">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">{t('preview.explanation')}</Text>
            <Button component={Link} to={`/exam/${examId}/questions`} variant="default" size="xs" leftSection={<IconArrowLeft size={14} />}>
              {t('preview.backToQuestions')}
            </Button>
          </Group>
        </Alert>
        <Title order={1} size="h3">
          {exam.data?.title ?? t('preview.heading')}
        </Title>

        {!question ? (
          <Text c="dimmed">{t('preview.noQuestions')}</Text>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <QuestionCard
                question={question}
                index={current}
                total={questions.length}
                answer={answers[question._id] ?? null}
                marked={marked.has(question._id)}
                locked={false}
                onAnswer={(answer) => setAnswers((a) => ({ ...a, [question._id]: answer }))}
                onToggleMark={() => toggleMark(question._id)}
                onGo={go}
                flushRef={flushRef}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="md" radius="md">
                <Stack gap="md">
                  <QuestionPalette statuses={statuses} current={current} onGo={go} />
                  <Text size="sm" c="dimmed">
                    {t('preview.nothingToSubmit')}
                  </Text>
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Box>
  );
}

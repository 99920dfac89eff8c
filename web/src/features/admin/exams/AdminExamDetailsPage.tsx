import { adminExamStatus, formatDuration } from '@exam/shared';
import { Badge, Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconListCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/http';
import { DetailList } from '../../../components/DetailList';
import { MathText } from '../../../components/MathText';
import { PageLoader } from '../../../components/PageLoader';
import { Section } from '../../../components/Section';
import { formatDateTime, titleCase } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useNow } from '../../../lib/useNow';
import { formatOnClock } from '../../../lib/dateFormat';
import { useAuth } from '../../auth/useAuth';
import { ExamRules } from '../../exams/components/ExamRules';
import { ExamStatusBadge } from '../../exams/components/ExamStatusBadge';
import { QuestionView } from '../../exams/components/QuestionView';
import { useExam } from '../../exams/hooks';
import { pointsLabel } from '../../exams/labels';
import { EXAM_TEXT } from '../../exams/messages';
import type { Exam } from '../../exams/types';
import { ADMIN_EXAM_TEXT } from './messages';

/**
 * Exam details, /admin/exams/{examId} (surroundings §2), for admins and the exam's teacher. A
 * missing exam shows the 'Exam Not Found' panel; any other failure says 'Failed to load exam
 * details' and returns to the list: /admin/exams for admins, /exams for teachers (the admin list
 * is closed to them).
 */
export function AdminExamDetailsPage() {
  const { examId } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const listPath = user?.role === 'admin' ? '/admin/exams' : '/exams';
  const exam = useExam(examId, { silent: true });
  const notFound = exam.error instanceof ApiError && exam.error.status === 404;

  useEffect(() => {
    if (!exam.isError || notFound) return;
    notifyError(ADMIN_EXAM_TEXT.detailsFailed, 'exam-details-failed');
    navigate(listPath, { replace: true });
  }, [exam.isError, notFound, listPath, navigate]);

  if (notFound) {
    return (
      <Container size="sm" py="xl">
        <Card withBorder padding="xl" ta="center">
          <Title order={1} size="h2">
            {EXAM_TEXT.examNotFound}
          </Title>
          <Text c="dimmed" my="md">
            This exam does not exist or was deleted.
          </Text>
          <Button component={Link} to={listPath}>
            Back to Exams
          </Button>
        </Card>
      </Container>
    );
  }
  if (!exam.data) return <PageLoader label="Loading exam" />;
  return <ExamDetails exam={exam.data} listPath={listPath} />;
}

function ExamDetails({ exam, listPath }: { exam: Exam; listPath: string }) {
  const now = useNow();
  const zone = exam.schedule.timezone;
  const questions = exam.questions ?? [];
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to={listPath} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          Back to Exams
        </Button>
        <Group justify="space-between" align="flex-start">
          <Stack gap="xs">
            <Title order={1} size="h2">
              {exam.title}
            </Title>
            <Group gap="sm">
              <Badge variant="light">{adminExamStatus(exam)}</Badge>
              <ExamStatusBadge schedule={exam.schedule} now={now} />
            </Group>
          </Stack>
          <Group>
            <Button component={Link} to={`/exam/${exam._id}/edit`} variant="light" leftSection={<IconEdit size={16} />}>
              Edit
            </Button>
            <Button component={Link} to={`/exam/${exam._id}/questions`} variant="light" leftSection={<IconListCheck size={16} />}>
              Questions
            </Button>
          </Group>
        </Group>

        <MathText block text={exam.description} />

        <DetailList
          cols={3}
          items={[
            { label: 'Subject', value: titleCase(exam.subject) },
            { label: 'Grade', value: `Grade ${exam.grade}` },
            { label: 'Duration', value: formatDuration(exam.duration) },
            { label: 'Passing Marks', value: `${exam.passingMarks}%` },
            { label: 'Total Marks', value: pointsLabel(exam.totalMarks) },
            { label: 'Questions', value: exam.totalQuestions },
            { label: 'Exam Type', value: titleCase(exam.examType) },
            { label: 'Difficulty', value: titleCase(exam.difficulty) },
            { label: 'Created By', value: `${exam.createdBy.firstName} ${exam.createdBy.lastName}` },
            { label: 'Starts', value: formatOnClock(exam.schedule.startDate, zone) },
            { label: 'Ends', value: formatOnClock(exam.schedule.endDate, zone) },
            { label: 'Created', value: formatDateTime(exam.createdAt) ?? '—' },
            {
              label: 'Eligible Students',
              value: exam.eligibleStudents.length ? `${exam.eligibleStudents.length} listed` : `Every student of grade ${exam.grade}`,
            },
            { label: 'Tags', value: exam.tags.length ? exam.tags.join(', ') : 'None' },
          ]}
        />

        <ExamRules instructions={exam.instructions} settings={exam.settings} />

        <Section title={`Questions (${questions.length})`}>
          {questions.length === 0 ? (
            <Text c="dimmed">{EXAM_TEXT.noQuestionsAdded}</Text>
          ) : (
            <Stack gap="sm">
              {questions.map((q, i) => (
                <QuestionView key={q._id} number={i + 1} question={q} />
              ))}
            </Stack>
          )}
        </Section>
      </Stack>
    </Box>
  );
}

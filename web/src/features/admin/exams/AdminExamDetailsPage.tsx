import { adminExamStatus, proctorsAs, reviewsAs, type ExamDetail } from '@exam/shared';
import { Badge, Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconListCheck, IconPencil, IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/http';
import { DetailList } from '../../../components/DetailList';
import { MathText } from '../../../components/MathText';
import { PageLoader } from '../../../components/PageLoader';
import { ProctorLink } from '../../../components/ProctorLink';
import { Section } from '../../../components/Section';
import { enumLabel, formatDuration, formatNumber, formatPercent } from '../../../i18n/format';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useNow } from '../../../lib/useNow';
import { formatOnClock } from '../../../lib/dateFormat';
import { useAuth } from '../../../session/useAuth';
import { ExamRules } from '../../exams/components/ExamRules';
import { ExamStatusBadge } from '../../../components/ExamStatusBadge';
import { QuestionView } from '../../exams/components/QuestionView';
import { useExam } from '../../exams/hooks';
import { StaffLink } from '../../exam-staff/StaffLink';
import { CourseGradebookCard } from '../../lti-grades/CourseGradebookCard';
import { adminExamText } from './messages';
import { SebExamCard } from '../../seb/SebExamCard';
import { ExamAccommodationsSection } from '../../accommodations/ExamAccommodationsSection';

/**
 * Exam details, /admin/exams/{examId}, for admins and the exam's teacher. A
 * missing exam shows the 'Exam Not Found' panel; any other failure says 'Failed to load exam
 * details' and returns to the list: /admin/exams for admins, /exams for teachers (the admin list
 * is closed to them).
 */
export function AdminExamDetailsPage() {
  const { t } = useTranslation('admin');
  const { examId } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const listPath = user?.role === 'admin' ? '/admin/exams' : '/exams';
  const exam = useExam(examId, { silent: true });
  const notFound = exam.error instanceof ApiError && exam.error.status === 404;

  useEffect(() => {
    if (!exam.isError || notFound) return;
    notifyError(adminExamText('detailsFailed'), 'exam-details-failed');
    navigate(listPath, { replace: true });
  }, [exam.isError, notFound, listPath, navigate]);

  if (notFound) {
    return (
      <Container size="sm" py="xl">
        <Card withBorder padding="xl" ta="center">
          <Title order={1} size="h2">
            {t('examDetails.notFoundTitle')}
          </Title>
          <Text c="dimmed" my="md">
            {t('examDetails.notFoundText')}
          </Text>
          <Button component={Link} to={listPath}>
            {t('examDetails.backToExams')}
          </Button>
        </Card>
      </Container>
    );
  }
  if (!exam.data) return <PageLoader label={t('examDetails.loading')} />;
  return <ExamDetails exam={exam.data} listPath={listPath} />;
}

function ExamDetails({ exam, listPath }: { exam: ExamDetail; listPath: string }) {
  const { t } = useTranslation('admin');
  const now = useNow();
  const zone = exam.schedule.timezone;
  const questions = exam.questions ?? [];
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to={listPath} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          {t('examDetails.backToExams')}
        </Button>
        <Group justify="space-between" align="flex-start">
          <Stack gap="xs">
            <Title order={1} size="h2">
              {exam.title}
            </Title>
            <Group gap="sm">
              <Badge variant="light">{enumLabel('examStatuses', adminExamStatus(exam).toLowerCase())}</Badge>
              <ExamStatusBadge schedule={exam.schedule} now={now} />
            </Group>
          </Stack>
          <Group>
            {/* A teacher added to the exam's hall (issue 53) proctors or reviews it; editing stays with its owner and admins. */}
            {(!exam.myRole || exam.myRole === 'owner') && (
              <>
                <Button component={Link} to={`/exam/${exam._id}/edit`} variant="light" leftSection={<IconEdit size={16} />}>
                  {t('common:actions.edit')}
                </Button>
                <Button component={Link} to={`/exam/${exam._id}/questions`} variant="light" leftSection={<IconListCheck size={16} />}>
                  {t('examDetails.questionsButton')}
                </Button>
              </>
            )}
            {proctorsAs(exam.myRole) && <ProctorLink exam={exam} variant="light" />}
            <StaffLink exam={exam} />
            {exam.isPublished && reviewsAs(exam.myRole) && (
              <Button component={Link} to={`/exam/${exam._id}/review`} variant="light" leftSection={<IconShieldCheck size={16} />}>
                {t('integrity:links.review')}
              </Button>
            )}
            {exam.myMarks && (
              <Button component={Link} to={`/exam/${exam._id}/marking`} variant="light" leftSection={<IconPencil size={16} />}>
                {t('exams:cardActions.mark')}
              </Button>
            )}
          </Group>
        </Group>

        <MathText block text={exam.description} />

        <DetailList
          cols={3}
          items={[
            { label: t('examDetails.fields.subject'), value: enumLabel('subjects', exam.subject) },
            { label: t('examDetails.fields.grade'), value: t('examDetails.gradeValue', { grade: exam.grade }) },
            { label: t('examDetails.fields.duration'), value: formatDuration(exam.duration) },
            { label: t('examDetails.fields.passingMarks'), value: formatPercent(exam.passingMarks) },
            { label: t('examDetails.fields.totalMarks'), value: t('examDetails.points', { count: exam.totalMarks }) },
            { label: t('examDetails.fields.questions'), value: formatNumber(exam.totalQuestions) },
            { label: t('examDetails.fields.examType'), value: enumLabel('examTypes', exam.examType) },
            { label: t('examDetails.fields.difficulty'), value: enumLabel('difficulties', exam.difficulty) },
            { label: t('examDetails.fields.createdBy'), value: `${exam.createdBy.firstName} ${exam.createdBy.lastName}` },
            { label: t('examDetails.fields.starts'), value: formatOnClock(exam.schedule.startDate, zone) },
            { label: t('examDetails.fields.ends'), value: formatOnClock(exam.schedule.endDate, zone) },
            { label: t('examDetails.fields.created'), value: formatDateTime(exam.createdAt) ?? '—' },
            {
              label: t('examDetails.fields.eligibleStudents'),
              value: exam.eligibleStudents.length
                ? t('examDetails.eligibleListed', { count: exam.eligibleStudents.length })
                : t('examDetails.eligibleGrade', { grade: exam.grade }),
            },
            { label: t('examDetails.fields.tags'), value: exam.tags.length ? exam.tags.join(', ') : t('examDetails.noTags') },
          ]}
        />

        <ExamRules instructions={exam.instructions} settings={exam.settings} />

        <SebExamCard examId={exam._id} />

        <CourseGradebookCard exam={exam} />

        {/* Accommodations carry staff notes on students' needs: the exam's owner and admins only, not its hall staff. */}
        {(!exam.myRole || exam.myRole === 'owner') && <ExamAccommodationsSection examId={exam._id} examMinutes={exam.duration} />}

        <Section title={t('examDetails.questionsHeading', { count: questions.length })}>
          {questions.length === 0 ? (
            <Text c="dimmed">{t('examDetails.noQuestions')}</Text>
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

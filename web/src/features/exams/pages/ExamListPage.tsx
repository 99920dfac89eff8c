import { DIFFICULTIES, EXAM_GRADES, EXAM_STATUS_FILTERS, PAGE_SIZE, SUBJECTS } from '@exam/shared';
import { Box, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { ListPagination } from '../../../components/ListPagination';
import { PageLoader } from '../../../components/PageLoader';
import { SearchField } from '../../../components/SearchField';
import { StatCard } from '../../../components/StatCard';
import { titleCase } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useNow } from '../../../lib/useNow';
import { useAuth } from '../../auth/useAuth';
import { ExamCard } from '../components/ExamCard';
import { useExamDeletion } from '../components/useExamDeletion';
import { useExamList, usePublishExam } from '../hooks';
import { DIFFICULTY_LABELS } from '../labels';
import { EXAM_TEXT, failureReason } from '../messages';
import type { Exam } from '../types';

export const EXAM_SORT_OPTIONS = [
  { value: '-startTime', label: 'Latest start' },
  { value: 'startTime', label: 'Earliest start' },
  { value: 'title', label: 'Title A–Z' },
  { value: '-title', label: 'Title Z–A' },
  { value: 'subject', label: 'Subject A–Z' },
  { value: 'duration', label: 'Shortest' },
  { value: '-duration', label: 'Longest' },
];

const FILTER_DEFAULTS = { subject: '', grade: '', difficulty: '', status: '', search: '', sort: '-startTime' };

const options = (all: string, values: readonly (string | number)[], label: (v: string) => string) => [
  { value: '', label: all },
  ...values.map((v) => ({ value: String(v), label: label(String(v)) })),
];
const SUBJECT_OPTIONS = options('All subjects', SUBJECTS, titleCase);
const GRADE_OPTIONS = options('All grades', EXAM_GRADES, (g) => `Grade ${g}`);
const DIFFICULTY_OPTIONS = options('All difficulties', DIFFICULTIES, (d) => DIFFICULTY_LABELS[d as keyof typeof DIFFICULTY_LABELS]);
const STATUS_OPTIONS = options('All statuses', EXAM_STATUS_FILTERS, titleCase);

/**
 * The exam catalogue, /exams and /exam-list (spec core §2 "Exam list"). The server decides which
 * exams each role sees; this screen shows them with the role's card actions. Admins manage every
 * exam, so their cards carry the teacher's actions.
 */
export function ExamListPage() {
  const { user } = useAuth();
  const now = useNow();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(FILTER_DEFAULTS);
  const list = useExamList({ page, limit: PAGE_SIZE, ...values }, { silent: true });
  const publish = usePublishExam();
  const deletion = useExamDeletion({
    success: EXAM_TEXT.deleted,
    failure: (error) => EXAM_TEXT.deleteFailed + failureReason(error, EXAM_TEXT.deleteFallback),
  });

  const onPublish = (exam: Exam) =>
    publish.mutate(exam._id, {
      onSuccess: () => notifySuccess(EXAM_TEXT.published),
      onError: (error) => notifyError(failureReason(error, EXAM_TEXT.publishFallback)),
    });

  const filterSelect = (key: keyof typeof FILTER_DEFAULTS, label: string, data: { value: string; label: string }[]) => (
    <NativeSelect label={label} data={data} value={values[key]} onChange={(e) => setFilter(key, e.currentTarget.value)} />
  );

  // The route guard renders this page for a signed-in user only.
  if (!user) return null;
  const role = user.role;
  const manages = role === 'teacher' || role === 'admin';
  const stats = list.data?.stats;
  const exams = list.data?.exams ?? [];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {role === 'teacher' ? 'My Exams' : 'Available Exams'}
          </Title>
          {manages && (
            <Button component={Link} to="/create-exam" leftSection={<IconPlus size={16} />}>
              Create Exam
            </Button>
          )}
        </Group>

        {stats && (
          <SimpleGrid cols={{ base: 2, sm: manages ? 6 : 4 }} aria-label="Exam counts">
            <StatCard label="Total" value={stats.total} />
            <StatCard label="Upcoming" value={stats.upcoming} />
            <StatCard label="Ongoing" value={stats.ongoing} />
            <StatCard label="Completed" value={stats.completed} />
            {manages && <StatCard label="Published" value={stats.published} />}
            {manages && <StatCard label="Drafts" value={stats.draft} />}
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} role="search" aria-label="Filter exams">
          {filterSelect('subject', 'Subject', SUBJECT_OPTIONS)}
          {filterSelect('grade', 'Grade', GRADE_OPTIONS)}
          {filterSelect('difficulty', 'Difficulty', DIFFICULTY_OPTIONS)}
          {filterSelect('status', 'Status', STATUS_OPTIONS)}
          <SearchField value={values.search} onSearch={(v) => setFilter('search', v)} />
          {filterSelect('sort', 'Sort by', EXAM_SORT_OPTIONS)}
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label="Loading exams" />
        ) : list.isError ? (
          <LoadError message={failureReason(list.error, EXAM_TEXT.fetchExamsFallback)} onRetry={() => void list.refetch()} />
        ) : exams.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>No exams found</Text>
            <Text c="dimmed" size="sm">
              {filtered ? 'No exam matches these filters.' : manages ? 'Create your first exam to see it here.' : 'None is open to you yet.'}
            </Text>
            {filtered && (
              <Button variant="light" onClick={clear}>
                Clear Filters
              </Button>
            )}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy={list.isFetching}>
            {exams.map((exam) => (
              <ExamCard
                key={exam._id}
                exam={exam}
                role={role}
                now={now}
                onPublish={onPublish}
                onDelete={deletion.request}
                publishingId={publish.isPending ? publish.variables : null}
              />
            ))}
          </SimpleGrid>
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label="Exam pages" />
      </Stack>

      {deletion.dialog}
    </Box>
  );
}

import { DIFFICULTIES, EXAM_GRADES, EXAM_STATUS_FILTERS, PAGE_SIZE, SUBJECTS, type Exam } from '@exam/shared';
import { Box, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { ListPagination } from '../../../components/ListPagination';
import { PageLoader } from '../../../components/PageLoader';
import { SearchField } from '../../../components/SearchField';
import { StatCard } from '../../../components/StatCard';
import { i18n } from '../../../i18n';
import { enumLabel } from '../../../i18n/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useNow } from '../../../lib/useNow';
import { useAuth } from '../../../session/useAuth';
import { ExamCard } from '../components/ExamCard';
import { useExamDeletion } from '../components/useExamDeletion';
import { useExamList, usePublishExam } from '../hooks';
import { EXAM_TEXT, examFailure, failureReason } from '../messages';

/** The catalogue's orders: the sort the server understands, and its name (exams:list.sort.<key>). */
const EXAM_SORTS = [
  ['-startTime', 'latestStart'],
  ['startTime', 'earliestStart'],
  ['title', 'titleAsc'],
  ['-title', 'titleDesc'],
  ['subject', 'subjectAsc'],
  ['duration', 'shortest'],
  ['-duration', 'longest'],
] as const;

export const examSortOptions = () => EXAM_SORTS.map(([value, key]) => ({ value, label: i18n.t(`exams:list.sort.${key}`) }));

const FILTER_DEFAULTS = { subject: '', grade: '', difficulty: '', status: '', search: '', sort: '-startTime' };

const options = (all: string, values: readonly (string | number)[], label: (v: string) => string) => [
  { value: '', label: all },
  ...values.map((v) => ({ value: String(v), label: label(String(v)) })),
];

/**
 * The exam catalogue, /exams and /exam-list. The server decides which
 * exams each role sees; this screen shows them with the role's card actions. Admins manage every
 * exam, so their cards carry the teacher's actions.
 */
export function ExamListPage() {
  const { t } = useTranslation('exams');
  const { user } = useAuth();
  const now = useNow();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(FILTER_DEFAULTS);
  const list = useExamList({ page, limit: PAGE_SIZE, ...values }, { silent: true });
  const publish = usePublishExam();
  const deletion = useExamDeletion({
    success: EXAM_TEXT.deleted,
    failure: (error) => examFailure('deleteFailed', failureReason(error, EXAM_TEXT.deleteFallback)),
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
            {role === 'teacher' ? t('list.myExams') : t('list.availableExams')}
          </Title>
          {manages && (
            <Button component={Link} to="/create-exam" leftSection={<IconPlus size={16} />}>
              {t('list.createExam')}
            </Button>
          )}
        </Group>

        {stats && (
          <SimpleGrid cols={{ base: 2, sm: manages ? 6 : 4 }} aria-label={t('list.counts')}>
            <StatCard label={t('list.stats.total')} value={stats.total} />
            <StatCard label={t('list.stats.upcoming')} value={stats.upcoming} />
            <StatCard label={t('list.stats.ongoing')} value={stats.ongoing} />
            <StatCard label={t('list.stats.completed')} value={stats.completed} />
            {manages && <StatCard label={t('list.stats.published')} value={stats.published} />}
            {manages && <StatCard label={t('list.stats.drafts')} value={stats.draft} />}
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} role="search" aria-label={t('list.filterLabel')}>
          {filterSelect('subject', t('filters.subject'), options(t('filters.allSubjects'), SUBJECTS, (s) => enumLabel('subjects', s)))}
          {filterSelect('grade', t('filters.grade'), options(t('filters.allGrades'), EXAM_GRADES, (g) => t('gradeN', { grade: g })))}
          {filterSelect('difficulty', t('filters.difficulty'), options(t('filters.allDifficulties'), DIFFICULTIES, (d) => enumLabel('difficulties', d)))}
          {filterSelect('status', t('filters.status'), options(t('filters.allStatuses'), EXAM_STATUS_FILTERS, (s) => enumLabel('examStatuses', s)))}
          <SearchField label={t('common:actions.search')} value={values.search} onSearch={(v) => setFilter('search', v)} />
          {filterSelect('sort', t('filters.sortBy'), examSortOptions())}
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('list.loading')} />
        ) : list.isError ? (
          <LoadError message={failureReason(list.error, EXAM_TEXT.fetchExamsFallback)} onRetry={() => void list.refetch()} />
        ) : exams.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>{t('list.empty.title')}</Text>
            <Text c="dimmed" size="sm">
              {filtered ? t('list.empty.filtered') : manages ? t('list.empty.manager') : t('list.empty.other')}
            </Text>
            {filtered && (
              <Button variant="light" onClick={clear}>
                {t('filters.clear')}
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

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('list.pages')} />
      </Stack>

      {deletion.dialog}
    </Box>
  );
}

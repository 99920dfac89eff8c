import { PAGE_SIZE, SUBJECTS } from '@exam/shared';
import { Box, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { StatCard } from '../../components/StatCard';
import { titleCase } from '../../lib/format';
import { useFilterParams } from '../../lib/useFilterParams';
import { useAuth } from '../auth/useAuth';
import { ResultCard } from './components/ResultCard';
import { useAllSubmissions } from './hooks';
import { RESULT_TEXT } from './messages';
import { summarise } from './summary';

const DEFAULTS = { subject: '', sort: 'date', order: 'desc' };
const SUBJECT_OPTIONS = [{ value: '', label: 'All subjects' }, ...SUBJECTS.map((s) => ({ value: s, label: titleCase(s) }))];
const SORT_OPTIONS = [
  { value: 'date', label: 'Date' },
  { value: 'score', label: 'Score' },
];

const TITLES = { student: 'My Results', parent: 'My Children’s Results', teacher: 'Results of My Exams', admin: 'All Results' } as const;

/**
 * /results and /results-list (surroundings §2 "Results list"). The server scopes the list: a
 * student's own results, a parent's linked children, a teacher's own exams, everything for an
 * admin. All matching results are fetched so the summary cards describe the whole list, not one
 * page of it.
 */
export function ResultsListPage() {
  const { user } = useAuth();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(DEFAULTS);
  const role = user?.role ?? 'student';
  const order = values.order === 'asc' ? 'asc' : 'desc';
  const list = useAllSubmissions(
    {
      // A student asks for their own; for others the server scopes by role.
      student: role === 'student' ? user?._id : undefined,
      isSubmitted: 'true',
      subject: values.subject || undefined,
      sortBy: values.sort === 'score' ? 'percentage' : 'submittedAt',
      sortOrder: order,
    },
    { enabled: Boolean(user) },
  );

  const orderOptions =
    values.sort === 'score'
      ? [
          { value: 'desc', label: 'Highest first' },
          { value: 'asc', label: 'Lowest first' },
        ]
      : [
          { value: 'desc', label: 'Newest first' },
          { value: 'asc', label: 'Oldest first' },
        ];

  const all = list.data?.submissions ?? [];
  const summary = summarise(all);
  const totalPages = Math.ceil(all.length / PAGE_SIZE);
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {TITLES[role]}
        </Title>

        <SimpleGrid cols={{ base: 1, xs: 3 }} role="search" aria-label="Filter results">
          <NativeSelect label="Subject" data={SUBJECT_OPTIONS} value={values.subject} onChange={(e) => setFilter('subject', e.currentTarget.value)} />
          <NativeSelect label="Sort by" data={SORT_OPTIONS} value={values.sort} onChange={(e) => setFilter('sort', e.currentTarget.value)} />
          <NativeSelect label="Order" data={orderOptions} value={order} onChange={(e) => setFilter('order', e.currentTarget.value)} />
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label="Loading results" />
        ) : list.isError ? (
          <LoadError message={RESULT_TEXT.fetchResultsFailed} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Results summary">
              <StatCard label="Total Exams" value={summary.total} />
              <StatCard label="Average Score" value={summary.average === null ? '—' : `${summary.average}%`} />
              <StatCard label="Passed" value={summary.passed} />
              <StatCard label="Best Score" value={summary.best === null ? '—' : `${summary.best}%`} />
            </SimpleGrid>
            {summary.final < summary.total && (
              <Text size="sm" c="dimmed">
                Average, passed and best count only results that are released and fully graded ({summary.final} of {summary.total}).
              </Text>
            )}
            {all.length === 0 ? (
              <EmptyState
                title={RESULT_TEXT.noResultsYet}
                message={filtered ? 'No result matches these filters.' : 'Results appear here once exams are submitted.'}
                onClear={filtered ? clear : undefined}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy={list.isFetching}>
                {shown.map((s) => (
                  <ResultCard key={s._id} submission={s} showStudent={role !== 'student'} />
                ))}
              </SimpleGrid>
            )}
            <ListPagination total={totalPages} page={page} onChange={setPage} label="Result pages" />
          </>
        )}
      </Stack>
    </Box>
  );
}

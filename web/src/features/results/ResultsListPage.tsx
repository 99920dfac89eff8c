import { PAGE_SIZE, SUBJECTS } from '@exam/shared';
import { Box, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { StatCard } from '../../components/StatCard';
import { i18n } from '../../i18n';
import { enumLabel, formatPercent } from '../../i18n/format';
import { useFilterParams } from '../../lib/useFilterParams';
import { useAuth } from '../../session/useAuth';
import { ResultCard } from './components/ResultCard';
import { useAllSubmissions } from './hooks';
import { RESULT_TEXT } from './messages';
import { summarise } from './summary';

const DEFAULTS = { subject: '', sort: 'date', order: 'desc' };
/** The filters' options, in the reader's language (built when shown). */
const subjectOptions = () => [{ value: '', label: i18n.t('results:list.allSubjects') }, ...SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))];
const sortOptions = () => [
  { value: 'date', label: i18n.t('results:list.sortDate') },
  { value: 'score', label: i18n.t('results:list.sortScore') },
];

/**
 * /results and /results-list. The server scopes the list: a
 * student's own results, a parent's linked children, a teacher's own exams, everything for an
 * admin. All matching results are fetched so the summary cards describe the whole list, not one
 * page of it.
 */
export function ResultsListPage() {
  const { t } = useTranslation('results');
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
          { value: 'desc', label: t('list.highestFirst') },
          { value: 'asc', label: t('list.lowestFirst') },
        ]
      : [
          { value: 'desc', label: t('list.newestFirst') },
          { value: 'asc', label: t('list.oldestFirst') },
        ];

  const all = list.data?.submissions ?? [];
  const summary = summarise(all);
  const totalPages = Math.ceil(all.length / PAGE_SIZE);
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t(`list.titles.${role}`)}
        </Title>

        <SimpleGrid cols={{ base: 1, xs: 3 }} role="search" aria-label={t('list.filters')}>
          <NativeSelect label={t('list.subject')} data={subjectOptions()} value={values.subject} onChange={(e) => setFilter('subject', e.currentTarget.value)} />
          <NativeSelect label={t('list.sortBy')} data={sortOptions()} value={values.sort} onChange={(e) => setFilter('sort', e.currentTarget.value)} />
          <NativeSelect label={t('list.order')} data={orderOptions} value={order} onChange={(e) => setFilter('order', e.currentTarget.value)} />
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('list.loading')} />
        ) : list.isError ? (
          <LoadError message={RESULT_TEXT.fetchResultsFailed} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label={t('list.summary')}>
              <StatCard label={t('list.totalExams')} value={summary.total} />
              <StatCard label={t('list.averageScore')} value={summary.average === null ? '—' : formatPercent(summary.average, 2)} />
              <StatCard label={t('list.passed')} value={summary.passed} />
              <StatCard label={t('list.bestScore')} value={summary.best === null ? '—' : formatPercent(summary.best, 2)} />
            </SimpleGrid>
            {summary.final < summary.total && (
              <Text size="sm" c="dimmed">
                {t('list.finalOnly', { final: summary.final, total: summary.total })}
              </Text>
            )}
            {all.length === 0 ? (
              <EmptyState
                title={RESULT_TEXT.noResultsYet}
                message={filtered ? t('list.noMatch') : t('list.appearHere')}
                onClear={filtered ? clear : undefined}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy={list.isFetching}>
                {shown.map((s) => (
                  <ResultCard key={s._id} submission={s} showStudent={role !== 'student'} staff={role === 'teacher' || role === 'admin'} />
                ))}
              </SimpleGrid>
            )}
            <ListPagination total={totalPages} page={page} onChange={setPage} label={t('list.pages')} />
          </>
        )}
      </Stack>
    </Box>
  );
}

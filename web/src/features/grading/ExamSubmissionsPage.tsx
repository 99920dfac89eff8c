import { PAGE_SIZE } from '@exam/shared';
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { SearchField } from '../../components/SearchField';
import { enumLabel } from '../../i18n/format';
import { useFilterParams } from '../../lib/useFilterParams';
import { useExam } from '../exams/hooks';
import { ProctorLink } from '../../components/ProctorLink';
import { ExamHeading } from '../../components/ExamHeading';
import { ExamStatCards } from '../../components/ExamStatCards';
import { ExportCsvButton } from '../results/components/ExportCsvButton';
import { useExamStats, useSubmissionList } from '../results/hooks';
import { isNotFound, loadFailure } from '../results/messages';
import { SubmissionsTable } from './components/SubmissionsTable';

/** Filter statuses plus the display statuses (In Progress, Reviewing). */
export const SUBMISSION_STATUSES = ['submitted', 'graded', 'passed', 'failed', 'in-progress', 'reviewing'] as const;
const SORTS = ['submittedAt', 'percentage', 'timeTaken', 'studentName'] as const;
const ORDERS = ['desc', 'asc'] as const;
const DEFAULTS = { search: '', status: 'all', sortBy: 'submittedAt', sortOrder: 'desc' };

/** /exam/{examId}/submissions and /exam/submissions/{examId} (teacher or admin). */
export function ExamSubmissionsPage() {
  const { t } = useTranslation('grading');
  const { examId = '' } = useParams();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(DEFAULTS);
  const exam = useExam(examId, { silent: true });
  const stats = useExamStats(examId);
  const list = useSubmissionList({
    examId,
    page,
    limit: PAGE_SIZE,
    search: values.search,
    status: values.status,
    sortBy: values.sortBy,
    sortOrder: values.sortOrder === 'asc' ? 'asc' : 'desc',
  });

  if (isNotFound(exam.error) || isNotFound(stats.error)) {
    return (
      <Box py="lg">
        <Alert color="gray" title={t('examNotFound')}>
          <Button mt="sm" component={Link} to="/exams" variant="light">
            {t('backToExams')}
          </Button>
        </Alert>
      </Box>
    );
  }

  const select = (key: keyof typeof DEFAULTS, label: string, data: { value: string; label: string }[]) => (
    <NativeSelect label={label} data={data} value={values[key]} onChange={(e) => setFilter(key, e.currentTarget.value)} />
  );
  const rows = list.data?.submissions ?? [];
  const statusOptions = [{ value: 'all', label: t('list.allStatuses') }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: enumLabel('submissionStatuses', s) }))];
  const sortOptions = SORTS.map((s) => ({ value: s, label: t(`list.sorts.${s}`) }));
  const orderOptions = ORDERS.map((o) => ({ value: o, label: t(`list.orders.${o}`) }));

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to="/exams" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          {t('backToExams')}
        </Button>
        <Group justify="space-between" align="flex-end">
          <ExamHeading exam={exam.data} suffix={t('list.heading')} />
          <Group gap="xs">
            <Button component={Link} to={`/exam/${examId}/marking`} data-testid="mark-by-question">
              {t('list.markByQuestion')}
            </Button>
            <Button component={Link} to={`/exam/results/${examId}`} variant="default">
              {t('list.resultsAndAnalytics')}
            </Button>
            <ExportCsvButton examId={examId} failure={t('list.exportFailed')} />
            {exam.data && <ProctorLink exam={exam.data} />}
          </Group>
        </Group>

        {stats.data && <ExamStatCards stats={stats.data.stats} />}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="search" aria-label={t('list.filterLabel')}>
          <SearchField label={t('list.search')} value={values.search} onSearch={(v) => setFilter('search', v)} />
          {select('status', t('list.status'), statusOptions)}
          {select('sortBy', t('list.sortBy'), sortOptions)}
          {select('sortOrder', t('list.order'), orderOptions)}
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('list.loading')} />
        ) : list.isError ? (
          <LoadError message={loadFailure(list.error, t('list.fetchFailed'))} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={t('list.empty')}
            message={filtered ? t('list.emptyFiltered') : t('list.emptyNone')}
            onClear={filtered ? clear : undefined}
          />
        ) : (
          <SubmissionsTable submissions={rows} />
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('list.pages')} />
      </Stack>
    </Box>
  );
}

import { PAGE_SIZE } from '@exam/shared';
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { SearchField } from '../../components/SearchField';
import { useFilterParams } from '../../lib/useFilterParams';
import { useAuth } from '../auth/useAuth';
import { useExam } from '../exams/hooks';
import { ProctorLink } from '../proctor/ProctorLink';
import { ExamHeading } from '../results/components/ExamHeading';
import { ExamStatCards } from '../results/components/ExamStatCards';
import { ExportCsvButton } from '../results/components/ExportCsvButton';
import { useExamStats, useSubmissionList } from '../results/hooks';
import { isNotFound, loadFailure, RESULT_TEXT } from '../results/messages';
import { SubmissionsTable } from './components/SubmissionsTable';

/** Filter statuses of spec core §9 plus the display statuses of §4 (In Progress, Reviewing). */
export const SUBMISSION_STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'graded', label: 'Graded' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'reviewing', label: 'Reviewing' },
];
const SORT_OPTIONS = [
  { value: 'submittedAt', label: 'Submitted at' },
  { value: 'percentage', label: 'Percentage' },
  { value: 'timeTaken', label: 'Time taken' },
  { value: 'studentName', label: 'Student name' },
];
const ORDER_OPTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
];
const DEFAULTS = { search: '', status: 'all', sortBy: 'submittedAt', sortOrder: 'desc' };

/** /exam/{examId}/submissions and /exam/submissions/{examId} (teacher or admin). */
export function ExamSubmissionsPage() {
  const { examId = '' } = useParams();
  const { user } = useAuth();
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
        <Alert color="gray" title={RESULT_TEXT.examNotFound}>
          <Button mt="sm" component={Link} to="/exams" variant="light">
            Back to Exams
          </Button>
        </Alert>
      </Box>
    );
  }

  const select = (key: keyof typeof DEFAULTS, label: string, data: { value: string; label: string }[]) => (
    <NativeSelect label={label} data={data} value={values[key]} onChange={(e) => setFilter(key, e.currentTarget.value)} />
  );
  const rows = list.data?.submissions ?? [];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Button component={Link} to="/exams" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
          Back to Exams
        </Button>
        <Group justify="space-between" align="flex-end">
          <ExamHeading exam={exam.data} suffix="Submissions" />
          <Group gap="xs">
            <Button component={Link} to={`/exam/results/${examId}`} variant="default">
              Results & Analytics
            </Button>
            <ExportCsvButton examId={examId} failure={RESULT_TEXT.exportSubmissionsFailed} />
            {exam.data && <ProctorLink exam={exam.data} />}
          </Group>
        </Group>

        {stats.data && <ExamStatCards stats={stats.data.stats} />}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="search" aria-label="Filter submissions">
          <SearchField label="Search students" value={values.search} onSearch={(v) => setFilter('search', v)} />
          {select('status', 'Status', SUBMISSION_STATUS_OPTIONS)}
          {select('sortBy', 'Sort by', SORT_OPTIONS)}
          {select('sortOrder', 'Order', ORDER_OPTIONS)}
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label="Loading submissions" />
        ) : list.isError ? (
          <LoadError message={loadFailure(list.error, RESULT_TEXT.fetchSubmissionsFailed)} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={RESULT_TEXT.noSubmissions}
            message={filtered ? 'No submission matches these filters.' : 'Nobody has attempted this exam yet.'}
            onClear={filtered ? clear : undefined}
          />
        ) : (
          <SubmissionsTable submissions={rows} />
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label="Submission pages" />
      </Stack>
    </Box>
  );
}

import { PAGE_SIZE, scaleLetters } from '@exam/shared';
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { SearchField } from '../../components/SearchField';
import { Section } from '../../components/Section';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useFilterParams } from '../../lib/useFilterParams';
import { useAuth } from '../auth/useAuth';
import { useExam } from '../exams/hooks';
import { ProctorLink } from '../proctor/ProctorLink';
import { failureReason } from '../exams/messages';
import { ExamHeading } from '../results/components/ExamHeading';
import { ExamStatCards } from '../results/components/ExamStatCards';
import { ExportCsvButton } from '../results/components/ExportCsvButton';
import { useExamStats, useReleaseResults, useSubmissionList } from '../results/hooks';
import { isNotFound, loadFailure, RESULT_TEXT } from '../results/messages';
import { ItemAnalysisTable } from './components/ItemAnalysisTable';
import { RankedResultsTable } from './components/RankedResultsTable';
import { ScoreDistribution } from './components/ScoreDistribution';
import { usePlatformSettings } from '../platform/usePlatformSettings';

/** Results filter statuses of spec core §9. */
const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'in-progress', label: 'In Progress' },
];
const DEFAULTS = { search: '', status: 'all', grade: 'all' };

const RELEASE_CONFIRM =
  'Students and their parents will see their scores for this exam and be notified. Results cannot be hidden again afterwards.';

/** /exam/{examId}/results and /exam/results/{examId} (teacher or admin): ranking and analytics. */
export function ExamResultsPage() {
  const { examId = '' } = useParams();
  const { user } = useAuth();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(DEFAULTS);
  // The letters of the school's scale, as the table shows them.
  const { gradingScale } = usePlatformSettings();
  const gradeOptions = [{ value: 'all', label: 'All grades' }, ...scaleLetters(gradingScale).map((g) => ({ value: g, label: `Grade ${g}` }))];
  const exam = useExam(examId, { silent: true });
  const stats = useExamStats(examId);
  const list = useSubmissionList({ examId, page, limit: PAGE_SIZE, ...values, sortBy: 'percentage', sortOrder: 'desc' });
  const release = useReleaseResults(examId);
  const [confirming, setConfirming] = useState(false);

  if (stats.isPending) return <PageLoader label="Loading exam results" />;
  if (stats.isError) {
    return (
      <Box py="lg">
        {isNotFound(stats.error) ? (
          <Alert color="gray" title={RESULT_TEXT.examNotFound}>
            <Text size="sm">The exam may not exist, or you may not have permission to see it.</Text>
            <Button mt="sm" component={Link} to="/exams" variant="light">
              Back to Exams
            </Button>
          </Alert>
        ) : (
          <LoadError
            message={loadFailure(stats.error, RESULT_TEXT.loadExamResultsFailed)}
            onRetry={() => {
              void stats.refetch();
              void list.refetch();
            }}
          />
        )}
      </Box>
    );
  }

  const { stats: counts, distribution, analysis } = stats.data;
  const rows = list.data?.submissions ?? [];
  const select = (key: keyof typeof DEFAULTS, label: string, data: { value: string; label: string }[]) => (
    <NativeSelect label={label} data={data} value={values[key]} onChange={(e) => setFilter(key, e.currentTarget.value)} />
  );
  const confirmRelease = () =>
    release.mutate(undefined, {
      onSuccess: (result) => notifySuccess(result.message ?? RESULT_TEXT.resultsReleased),
      onError: (error) => notifyError(failureReason(error)),
      onSettled: () => setConfirming(false),
    });

  return (
    <Box py="lg">
      <Stack gap="lg">

        <Group justify="space-between" align="flex-end">
          <ExamHeading exam={exam.data} suffix="Results" />
          <Group gap="xs">
            <Button component={Link} to={`/exam/edit/${examId}`} variant="default" leftSection={<IconEdit size={16} />}>
              Edit Exam
            </Button>
            <ExportCsvButton examId={examId} failure={RESULT_TEXT.exportResultsFailed} />
            {exam.data && <ProctorLink exam={exam.data} />}
            {!counts.resultsReleased && (
              <Button color="green" leftSection={<IconSend size={16} />} onClick={() => setConfirming(true)}>
                Release Results
              </Button>
            )}
          </Group>
        </Group>

        {!counts.resultsReleased && (
          <Alert color="blue" data-testid="results-unreleased">
            Students and parents cannot see their scores for this exam until you release the results.
          </Alert>
        )}

        <ExamStatCards stats={counts} />

        <SimpleGrid cols={{ base: 1, xs: 3 }} role="search" aria-label="Filter results">
          <SearchField label="Search students" value={values.search} onSearch={(v) => setFilter('search', v)} />
          {select('status', 'Status', STATUS_OPTIONS)}
          {select('grade', 'Grade', gradeOptions)}
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label="Loading results" />
        ) : list.isError ? (
          <LoadError message={loadFailure(list.error, RESULT_TEXT.loadExamResultsFailed)} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={RESULT_TEXT.noResults}
            message={filtered ? 'No result matches these filters.' : 'Nobody has submitted this exam yet.'}
            onClear={filtered ? clear : undefined}
          />
        ) : (
          <RankedResultsTable submissions={rows} canGrade={user?.role === 'teacher'} />
        )}
        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label="Result pages" />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Section title="Score Distribution">
            <ScoreDistribution buckets={distribution} />
          </Section>
          <Section title="Summary">
            <Text size="sm">
              {counts.gradedSubmissions} graded of {counts.totalSubmissions} submitted; {counts.pendingGrading} waiting for grading. Pass
              mark {counts.passingMarks}%.
            </Text>
          </Section>
        </SimpleGrid>

        <Section title="Item Analysis">
          <ItemAnalysisTable analysis={analysis} />
        </Section>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title="Release results"
        message={RELEASE_CONFIRM}
        confirmLabel="Release Results"
        busy={release.isPending}
        onConfirm={confirmRelease}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

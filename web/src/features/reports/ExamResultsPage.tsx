import { PAGE_SIZE, scaleLetters } from '@exam/shared';
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit, IconSend, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { SearchField } from '../../components/SearchField';
import { Section } from '../../components/Section';
import { enumLabel, formatPercent } from '../../i18n/format';
import { useFilterParams } from '../../lib/useFilterParams';
import { useAuth } from '../../session/useAuth';
import { useExam } from '../exams/hooks';
import { ProctorLink } from '../../components/ProctorLink';
import { ExamHeading } from '../../components/ExamHeading';
import { ExamStatCards } from '../../components/ExamStatCards';
import { ExportCsvButton } from '../results/components/ExportCsvButton';
import { useExamStats, useSubmissionList } from '../results/hooks';
import { ReleaseResultsDialog } from './components/ReleaseResultsDialog';
import { isNotFound, loadFailure } from '../results/messages';
import { ItemAnalysisTable } from './components/ItemAnalysisTable';
import { RankedResultsTable } from './components/RankedResultsTable';
import { ScoreDistribution } from './components/ScoreDistribution';
import { usePlatformSettings } from '../../api/usePlatformSettings';

/** Results filter statuses. */
const STATUSES = ['passed', 'failed', 'in-progress'] as const;
const DEFAULTS = { search: '', status: 'all', grade: 'all' };

/** /exam/{examId}/results and /exam/results/{examId} (teacher or admin): ranking and analytics. */
export function ExamResultsPage() {
  const { t } = useTranslation('reports');
  const { examId = '' } = useParams();
  const { user } = useAuth();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(DEFAULTS);
  // The letters of the school's scale, as the table shows them.
  const { gradingScale } = usePlatformSettings();
  const gradeOptions = [{ value: 'all', label: t('examResults.allGrades') }, ...scaleLetters(gradingScale).map((g) => ({ value: g, label: t('examResults.gradeOption', { grade: g }) }))];
  const statusOptions = [{ value: 'all', label: t('examResults.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: enumLabel('submissionStatuses', s) }))];
  const exam = useExam(examId, { silent: true });
  const stats = useExamStats(examId);
  const list = useSubmissionList({ examId, page, limit: PAGE_SIZE, ...values, sortBy: 'percentage', sortOrder: 'desc' });
  const [confirming, setConfirming] = useState(false);

  if (stats.isPending) return <PageLoader label={t('examResults.loading')} />;
  if (stats.isError) {
    return (
      <Box py="lg">
        {isNotFound(stats.error) ? (
          <Alert color="gray" title={t('examResults.notFound')}>
            <Text size="sm">{t('examResults.notFoundHelp')}</Text>
            <Button mt="sm" component={Link} to="/exams" variant="light">
              {t('examResults.backToExams')}
            </Button>
          </Alert>
        ) : (
          <LoadError
            message={loadFailure(stats.error, t('examResults.loadFailed'))}
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
  // Released already, yet a release of the marked results only left some out: the next release lets them out.
  const releasable = !counts.resultsReleased || counts.leftOutOfRelease > 0;

  return (
    <Box py="lg">
      <Stack gap="lg">

        <Group justify="space-between" align="flex-end">
          <ExamHeading exam={exam.data} suffix={t('examResults.heading')} />
          <Group gap="xs">
            <Button component={Link} to={`/exam/edit/${examId}`} variant="default" leftSection={<IconEdit size={16} />}>
              {t('examResults.editExam')}
            </Button>
            <ExportCsvButton examId={examId} failure={t('examResults.exportFailed')} />
            {exam.data && <ProctorLink exam={exam.data} />}
            <Button component={Link} to={`/exam/${examId}/review`} variant="default" leftSection={<IconShieldCheck size={16} />}>
              {t('integrity:links.review')}
            </Button>
            {releasable && (
              <Button color="green" leftSection={<IconSend size={16} />} onClick={() => setConfirming(true)}>
                {counts.resultsReleased ? t('results:release.again') : t('examResults.release')}
              </Button>
            )}
          </Group>
        </Group>

        {!counts.resultsReleased && (
          <Alert color="blue" data-testid="results-unreleased">
            {t('examResults.unreleased')}
          </Alert>
        )}

        <ExamStatCards stats={counts} />

        <SimpleGrid cols={{ base: 1, xs: 3 }} role="search" aria-label={t('examResults.filterLabel')}>
          <SearchField label={t('examResults.search')} value={values.search} onSearch={(v) => setFilter('search', v)} />
          {select('status', t('examResults.status'), statusOptions)}
          {select('grade', t('examResults.grade'), gradeOptions)}
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('examResults.loadingResults')} />
        ) : list.isError ? (
          <LoadError message={loadFailure(list.error, t('examResults.loadFailed'))} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={t('examResults.empty')}
            message={filtered ? t('examResults.emptyFiltered') : t('examResults.emptyNone')}
            onClear={filtered ? clear : undefined}
          />
        ) : (
          <RankedResultsTable submissions={rows} canGrade={user?.role === 'teacher'} />
        )}
        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('examResults.pages')} />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Section title={t('examResults.distribution')}>
            <ScoreDistribution buckets={distribution} />
          </Section>
          <Section title={t('examResults.summaryTitle')}>
            <Text size="sm">
              {t('examResults.summary', {
                graded: counts.gradedSubmissions,
                total: counts.totalSubmissions,
                pending: counts.pendingGrading,
                passMark: formatPercent(counts.passingMarks),
              })}
            </Text>
          </Section>
        </SimpleGrid>

        <Section title={t('examResults.itemAnalysis')}>
          <ItemAnalysisTable analysis={analysis} />
        </Section>
      </Stack>

      <ReleaseResultsDialog
        examId={examId}
        opened={confirming}
        title={t('examResults.releaseTitle')}
        confirmLabel={t('examResults.release')}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

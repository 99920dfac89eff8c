import { REPORT_RANGES, REPORT_TYPES, type ChildExam, type ChildProgress, type ChildSubmission, type ReportRange, type ReportType } from '@exam/shared';
import { Alert, Badge, Box, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { enumLabel, formatPercent } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { SubmissionsTable } from './ChildProgressPage';
import { useChildExams, useChildProgress, useChildren, useChildResults } from './hooks';
import { reportCsv, saveText } from './reportExport';
import { useGradeOf } from '../../lib/useGradeOf';

const TYPE_KEYS: Record<ReportType, string> = { performance: 'reports.types.performance', exams: 'reports.types.exams', results: 'reports.types.results' };
const RANGE_KEYS: Record<ReportRange, string> = { all: 'ranges.all', 'this-month': 'ranges.thisMonth', 'last-3-months': 'ranges.last3Months', 'this-year': 'ranges.thisYear' };
/** The tables show the first 10 rows; the export has them all. */
const TABLE_ROWS = 10;

/** The one call the report type needs; a 404 (the child was just removed) reads as an empty report. */
function useReport(id: string, type: ReportType, range: ReportRange) {
  const progress = useChildProgress(id, range, type === 'performance');
  const exams = useChildExams(id, range, type === 'exams');
  const results = useChildResults(id, range, type === 'results');
  const query = type === 'performance' ? progress : type === 'exams' ? exams : results;
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  const rows: ReportRows = notFound
    ? {}
    : { results: type === 'performance' ? progress.data?.submissions : type === 'results' ? results.data : undefined, exams: type === 'exams' ? exams.data : undefined };
  return { query, notFound, rows, progress: notFound ? undefined : progress.data };
}

type ReportRows = { results?: ChildSubmission[]; exams?: ChildExam[] };

function ReportBody({ id, type, range, onRows }: { id: string; type: ReportType; range: ReportRange; onRows: (rows: ReportRows) => void }) {
  const { t } = useTranslation('parent');
  const report = useReport(id, type, range);
  const { rows } = report;
  const { results, exams } = rows;
  useEffect(() => {
    onRows({ results, exams });
    return () => onRows({});
  }, [results, exams, onRows]);
  if (report.query.isPending) return <PageLoader label={t('reports.loadingReport')} />;
  if (report.query.isError && !report.notFound) return <LoadError message={msg('parent.reportFailed')} onRetry={() => void report.query.refetch()} />;
  if (type === 'performance') return <PerformanceReport progress={report.progress} />;
  if (type === 'exams') return <ExamsTable exams={(rows.exams ?? []).slice(0, TABLE_ROWS)} />;
  return <SubmissionsTable submissions={(rows.results ?? []).slice(0, TABLE_ROWS)} />;
}

/** /parent/reports: one accepted child's performance, exams or results over a time range, exportable as CSV. */
export function ParentReportsPage() {
  const { t } = useTranslation('parent');
  const [params] = useSearchParams();
  const gradeOf = useGradeOf();
  const children = useChildren();
  const accepted = (children.data ?? []).filter((c) => c.linkStatus === 'accepted');
  const [childId, setChildId] = useState<string | null>(params.get('child'));
  const [type, setType] = useState<ReportType>('performance');
  const [range, setRange] = useState<ReportRange>('all');
  const child = accepted.find((c) => c._id === childId) ?? accepted[0];
  const id = child?._id ?? '';

  // What the shown report holds, for the export (reported by the report body once loaded).
  const [rows, setRows] = useState<ReportRows>({});

  const exportReport = () => {
    const csv = child ? reportCsv(type, rows, gradeOf) : null;
    if (!csv) {
      notifyError(msg('parent.noDataToExport'));
      return;
    }
    saveText(csv, `${child!.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${type}-${range}.csv`);
    notifySuccess(msg('parent.exported'));
  };

  if (children.isPending) return <PageLoader label={t('reports.loading')} />;

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('reports.title')}
          </Title>
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={exportReport}>
            {t('reports.export')}
          </Button>
        </Group>
        {children.isError ? (
          <LoadError message={msg('parent.reportFailed')} onRetry={() => void children.refetch()} />
        ) : (
          <>
            <Group align="flex-end">
              <Select label={t('dashboard.child')} data={accepted.map((c) => ({ value: c._id, label: c.name }))} value={child?._id ?? null} onChange={setChildId} allowDeselect={false} placeholder={t('reports.noLinkedChild')} w={240} />
              <Select label={t('reports.type')} data={REPORT_TYPES.map((r) => ({ value: r, label: t(TYPE_KEYS[r]) }))} value={type} onChange={(v) => v && setType(v as ReportType)} allowDeselect={false} w={200} />
              <Select label={t('timeRange')} data={REPORT_RANGES.map((r) => ({ value: r, label: t(RANGE_KEYS[r]) }))} value={range} onChange={(v) => v && setRange(v as ReportRange)} allowDeselect={false} w={200} />
            </Group>
            {!child ? (
              <Alert color="blue">{t('reports.noAcceptedChild')}</Alert>
            ) : (
              <ReportBody key={`${id}-${type}-${range}`} id={id} type={type} range={range} onRows={setRows} />
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

function recommendations(p: ChildProgress, t: TFunction<'parent'>): string[] {
  const list: string[] = [];
  for (const s of p.insights.improvements) list.push(t('reports.recommendations.practise', { subject: enumLabel('subjects', s) }));
  for (const s of p.insights.strengths) list.push(t('reports.recommendations.praise', { subject: enumLabel('subjects', s) }));
  if (p.stats.totalExams === 0) list.push(t('reports.recommendations.noResults'));
  else if (!list.length) list.push(t('reports.recommendations.routine'));
  return list;
}

function PerformanceReport({ progress }: { progress: ChildProgress | undefined }) {
  const { t } = useTranslation('parent');
  if (!progress) return <Text c="dimmed">{t('reports.noData')}</Text>;
  return (
    <Stack gap="lg">
      <Section title={t('reports.summary')}>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label={t('reports.types.exams')} value={progress.stats.totalExams} />
          <StatCard label={t('stats.averageScore')} value={formatPercent(progress.stats.averageScore, 2)} />
          <StatCard label={t('stats.bestScore')} value={formatPercent(progress.stats.bestScore, 2)} />
          <StatCard label={t('stats.passRate')} value={formatPercent(progress.stats.passRate, 2)} />
        </SimpleGrid>
      </Section>
      <Section title={t('reports.recentResults')}>
        <SubmissionsTable submissions={progress.submissions.slice(0, TABLE_ROWS)} />
      </Section>
      <Section title={t('reports.recommendations.title')}>
        <Stack gap={4} component="ul">
          {recommendations(progress, t).map((r) => (
            <Text component="li" key={r}>
              {r}
            </Text>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}

function ExamsTable({ exams }: { exams: ChildExam[] }) {
  const { t } = useTranslation('parent');
  if (!exams.length) return <Text c="dimmed">{t('reports.noExams')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('columns.exam')}</Table.Th>
          <Table.Th>{t('columns.subject')}</Table.Th>
          <Table.Th>{t('columns.starts')}</Table.Th>
          <Table.Th>{t('columns.status')}</Table.Th>
          <Table.Th>{t('columns.attempt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {exams.map((e) => (
          <Table.Tr key={e._id}>
            <Table.Td>{e.title}</Table.Td>
            <Table.Td>{enumLabel('subjects', e.subject)}</Table.Td>
            <Table.Td>{formatDateTime(e.startDate)}</Table.Td>
            <Table.Td>
              <Badge variant="light">{e.status === 'unknown' ? t('reports.statusUnknown') : enumLabel('examStatuses', e.status)}</Badge>
            </Table.Td>
            <Table.Td>
              {!e.attempt
                ? t('reports.attempt.notAttempted')
                : e.attempt.status === 'graded'
                  ? e.attempt.percentage === null
                    ? t('reports.attempt.notReleased')
                    : formatPercent(e.attempt.percentage, 2)
                  : e.attempt.status === 'submitted'
                    ? t('reports.attempt.awaitingMarks')
                    : t('reports.attempt.inProgress')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { msg } from '../../i18n/messages';
import { REPORT_RANGES, REPORT_TYPES, type ChildExam, type ChildProgress, type ChildSubmission, type ReportRange, type ReportType } from '@exam/shared';
import { Alert, Badge, Box, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { formatDateTime, titleCase } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { SubmissionsTable } from './ChildProgressPage';
import { useChildExams, useChildProgress, useChildren, useChildResults } from './hooks';
import { reportCsv, saveText } from './reportExport';
import { useGradeOf } from '../platform/useGradeOf';

const TYPE_LABELS: Record<ReportType, string> = { performance: 'Performance', exams: 'Exams', results: 'Results' };
const RANGE_LABELS: Record<ReportRange, string> = { all: 'All time', 'this-month': 'This month', 'last-3-months': 'Last 3 months', 'this-year': 'This year' };
/** The tables show the first 10 rows (surroundings §2); the export has them all. */
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
  const report = useReport(id, type, range);
  const { rows } = report;
  useEffect(() => {
    onRows(rows);
    return () => onRows({});
  }, [rows.results, rows.exams, onRows]);
  if (report.query.isPending) return <PageLoader label="Loading report" />;
  if (report.query.isError && !report.notFound) return <LoadError message={msg('parent.reportFailed')} onRetry={() => void report.query.refetch()} />;
  if (type === 'performance') return <PerformanceReport progress={report.progress} />;
  if (type === 'exams') return <ExamsTable exams={(rows.exams ?? []).slice(0, TABLE_ROWS)} />;
  return <SubmissionsTable submissions={(rows.results ?? []).slice(0, TABLE_ROWS)} />;
}

/** /parent/reports: one accepted child's performance, exams or results over a time range, exportable as CSV. */
export function ParentReportsPage() {
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

  if (children.isPending) return <PageLoader label="Loading reports" />;

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Reports
          </Title>
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={exportReport}>
            Export Report
          </Button>
        </Group>
        {children.isError ? (
          <LoadError message={msg('parent.reportFailed')} onRetry={() => void children.refetch()} />
        ) : (
          <>
            <Group align="flex-end">
              <Select label="Child" data={accepted.map((c) => ({ value: c._id, label: c.name }))} value={child?._id ?? null} onChange={setChildId} allowDeselect={false} placeholder="No linked child" w={240} />
              <Select label="Report type" data={REPORT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} value={type} onChange={(v) => v && setType(v as ReportType)} allowDeselect={false} w={200} />
              <Select label="Time range" data={REPORT_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))} value={range} onChange={(v) => v && setRange(v as ReportRange)} allowDeselect={false} w={200} />
            </Group>
            {!child ? (
              <Alert color="blue">Reports appear once a child has accepted your link request.</Alert>
            ) : (
              <ReportBody key={`${id}-${type}-${range}`} id={id} type={type} range={range} onRows={setRows} />
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

function recommendations(p: ChildProgress): string[] {
  const list: string[] = [];
  for (const s of p.insights.improvements) list.push(`Practise ${titleCase(s)} together: the average there is below 60%.`);
  for (const s of p.insights.strengths) list.push(`Praise the work in ${titleCase(s)}: the average there is 80% or more.`);
  if (p.stats.totalExams === 0) list.push('No results in this period yet.');
  else if (!list.length) list.push('Keep a steady routine of revision before each exam.');
  return list;
}

function PerformanceReport({ progress }: { progress: ChildProgress | undefined }) {
  if (!progress) return <Text c="dimmed">No data for this report.</Text>;
  return (
    <Stack gap="lg">
      <Section title="Summary">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label="Exams" value={progress.stats.totalExams} />
          <StatCard label="Average Score" value={`${progress.stats.averageScore}%`} />
          <StatCard label="Best Score" value={`${progress.stats.bestScore}%`} />
          <StatCard label="Pass Rate" value={`${progress.stats.passRate}%`} />
        </SimpleGrid>
      </Section>
      <Section title="Recent Results">
        <SubmissionsTable submissions={progress.submissions.slice(0, TABLE_ROWS)} />
      </Section>
      <Section title="Recommendations">
        <Stack gap={4} component="ul">
          {recommendations(progress).map((r) => (
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
  if (!exams.length) return <Text c="dimmed">No exams in this period.</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Exam</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Starts</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Attempt</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {exams.map((e) => (
          <Table.Tr key={e._id}>
            <Table.Td>{e.title}</Table.Td>
            <Table.Td>{titleCase(e.subject)}</Table.Td>
            <Table.Td>{formatDateTime(e.startDate)}</Table.Td>
            <Table.Td>
              <Badge variant="light">{titleCase(e.status)}</Badge>
            </Table.Td>
            <Table.Td>
              {!e.attempt
                ? 'Not attempted'
                : e.attempt.status === 'graded'
                  ? e.attempt.percentage === null
                    ? 'Graded (not released yet)'
                    : `${e.attempt.percentage}%`
                  : e.attempt.status === 'submitted'
                    ? 'Awaiting marks'
                    : 'In progress'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

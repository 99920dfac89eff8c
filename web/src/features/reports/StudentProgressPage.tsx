import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { http } from '../../api/http';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { useAuth } from '../auth/useAuth';
import { InsightsPanel } from './components/InsightsPanel';
import { RecentResultsTable } from './components/RecentResultsTable';
import { SubjectCard } from './components/SubjectCard';
import { reportFailure, REPORT_TEXT } from './messages';
import type { ProgressReport } from './types';

function useProgressReport(studentId: string) {
  return useQuery({
    queryKey: ['reports', 'student-progress', studentId],
    queryFn: () => http.get<ProgressReport>(`/reports/student/${encodeURIComponent(studentId)}/progress`).then((r) => r.data),
    enabled: Boolean(studentId),
    meta: { silent: true },
  });
}

/** /reports/student/{studentId}/progress (teacher, admin, or a parent of the student). */
export function StudentProgressPage() {
  const { studentId = '' } = useParams();
  const { user } = useAuth();
  const report = useProgressReport(studentId);
  // Parents cannot open the students list, so their way back is their own children list.
  const back = user?.role === 'parent' ? { to: '/parent/children', label: 'Back to Children' } : { to: '/students', label: 'Back to Students' };

  const backButton = (
    <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {back.label}
    </Button>
  );

  if (report.isPending) return <PageLoader label="Loading progress report" />;
  if (report.isError) {
    return (
      <Box py="lg">
        <Stack>
          {backButton}
          <Alert color="red" role="alert" title={reportFailure(report.error)}>
            <Button mt="sm" variant="light" color="red" onClick={() => void report.refetch()}>
              Try Again
            </Button>
          </Alert>
        </Stack>
      </Box>
    );
  }

  const r = report.data;
  return (
    <Box py="lg">
      <Stack gap="lg">
        {backButton}
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {r.student.name}: Progress Report
            </Title>
            <Text c="dimmed" data-testid="student-details">
              {r.student.email && `${r.student.email} · `}Student ID {r.student.studentId ?? '—'}
              {r.student.grade !== null && ` · Grade ${r.student.grade}${r.student.section ?? ''}`}
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print Report
          </Button>
        </Group>

        {r.totalExams === 0 ? (
          <Alert color="gray" data-testid="report-empty">
            {REPORT_TEXT.empty}
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <StatCard label="Average Score" value={`${r.progress.averageScore}%`} />
              <StatCard label="Total Exams" value={r.totalExams} />
              <StatCard label="Pass Rate" value={`${r.progress.passRate}%`} />
              <StatCard label="Hours Studied" value={r.progress.hoursStudied} />
            </SimpleGrid>

            <Section title="Subjects">
              <Text size="sm" c="dimmed" mb="xs" data-testid="improvement-basis">
                Improvement: {r.improvementBasis}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                {r.subjectWise.map((s) => (
                  <SubjectCard key={s.subject} subject={s} />
                ))}
              </SimpleGrid>
            </Section>

            <Section title="Recent Results">
              <RecentResultsTable results={r.recentSubmissions} />
            </Section>

            <Section title="Insights">
              <InsightsPanel report={r} />
            </Section>
          </>
        )}
      </Stack>
    </Box>
  );
}

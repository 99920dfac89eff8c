import type { ProgressReport } from '@exam/shared';
import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { http } from '../../api/http';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatCard } from '../../components/StatCard';
import { formatNumber, formatPercent } from '../../i18n/format';
import { useAuth } from '../../session/useAuth';
import { InsightsPanel } from './components/InsightsPanel';
import { RecentResultsTable } from './components/RecentResultsTable';
import { SubjectCard } from './components/SubjectCard';
import { reportFailure, reportText } from './messages';

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
  const { t } = useTranslation('reports');
  const { studentId = '' } = useParams();
  const { user } = useAuth();
  const report = useProgressReport(studentId);
  // Parents cannot open the students list, so their way back is their own children list.
  const back = user?.role === 'parent' ? { to: '/parent/children', label: t('progress.backToChildren') } : { to: '/students', label: t('progress.backToStudents') };

  const backButton = (
    <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content">
      {back.label}
    </Button>
  );

  if (report.isPending) return <PageLoader label={t('progress.loading')} />;
  if (report.isError) {
    return (
      <Box py="lg">
        <Stack>
          {backButton}
          <Alert color="red" role="alert" title={reportFailure(report.error)}>
            <Button mt="sm" variant="light" color="red" onClick={() => void report.refetch()}>
              {t('progress.tryAgain')}
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
              {t('progress.title', { name: r.student.name })}
            </Title>
            <Text c="dimmed" data-testid="student-details">
              {[
                r.student.email,
                t('progress.studentId', { id: r.student.studentId ?? '—' }),
                r.student.grade !== null ? t('progress.grade', { grade: r.student.grade, section: r.student.section ?? '' }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('progress.print')}
          </Button>
        </Group>

        {r.totalExams === 0 ? (
          <Alert color="gray" data-testid="report-empty">
            {reportText('empty')}
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <StatCard label={t('progress.averageScore')} value={formatPercent(r.progress.averageScore, 2)} />
              <StatCard label={t('progress.totalExams')} value={formatNumber(r.totalExams)} />
              <StatCard label={t('progress.passRate')} value={formatPercent(r.progress.passRate, 2)} />
              <StatCard label={t('progress.hoursStudied')} value={formatNumber(r.progress.hoursStudied)} />
            </SimpleGrid>

            <Section title={t('progress.subjects')}>
              <Text size="sm" c="dimmed" mb="xs" data-testid="improvement-basis">
                {t('progress.improvementBasis', { basis: r.improvementBasis })}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                {r.subjects.map((s) => (
                  <SubjectCard key={s.subject} subject={s} />
                ))}
              </SimpleGrid>
            </Section>

            <Section title={t('progress.recentResults')}>
              <RecentResultsTable results={r.recentSubmissions} />
            </Section>

            <Section title={t('progress.insights')}>
              <InsightsPanel report={r} />
            </Section>
          </>
        )}
      </Stack>
    </Box>
  );
}

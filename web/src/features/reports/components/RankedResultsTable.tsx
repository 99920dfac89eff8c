import type { Submission } from '@exam/shared';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResultsTableFrame, ScoreCells, StatusCell, StudentCell, SubmissionActionsCell, TimeAndSubmittedCells } from '../../../components/SubmissionCells';

const COLUMNS = ['rank', 'student', 'score', 'percentage', 'grade', 'percentile', 'status', 'time', 'submitted', 'actions'];

/**
 * The exam's results ranked by score. Rank and percentile come from the server, computed over
 * every graded submission of the exam, so they do not change with the page or the filters.
 * Percentile stays because rank alone does not say how a student stands in a class of 30 versus
 * 120; a caption under the table says what it counts, always visible, so it reads the same on a
 * phone, by keyboard and to a screen reader.
 */
export function RankedResultsTable({ submissions, canGrade }: { submissions: Submission[]; canGrade: boolean }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap={4}>
      <ResultsTableFrame label={t('ranked.label')} columns={COLUMNS.map((c) => t(`ranked.columns.${c}`))} minWidth={960}>
        {submissions.map((s) => (
          <Table.Tr key={s._id}>
            <Table.Td data-testid="rank">{s.rank ?? '—'}</Table.Td>
            <StudentCell student={s.student} />
            <ScoreCells submission={s} />
            <Table.Td data-testid="percentile">{s.percentile === null ? '—' : t('ranked.percentile', { count: s.percentile, ordinal: true })}</Table.Td>
            <StatusCell submission={s} />
            <TimeAndSubmittedCells submission={s} />
            <SubmissionActionsCell submission={s} viewLabel="result" canGrade={canGrade} />
          </Table.Tr>
        ))}
      </ResultsTableFrame>
      <Text size="xs" c="dimmed" data-testid="percentile-help">
        {t('ranked.percentileHelp')}
      </Text>
    </Stack>
  );
}

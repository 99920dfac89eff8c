import type { Submission } from '@exam/shared';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResultsTableFrame, ScoreCells, StatusCell, StudentCell, SubmissionActionsCell, TimeAndSubmittedCells } from '../../../components/SubmissionCells';

const COLUMNS = ['rank', 'student', 'score', 'percentage', 'grade', 'percentile', 'status', 'time', 'submitted', 'actions'];

/**
 * The exam's results ranked by score. Rank and percentile come from the server, computed over
 * every graded submission of the exam, so they do not change with the page or the filters.
 */
export function RankedResultsTable({ submissions, canGrade }: { submissions: Submission[]; canGrade: boolean }) {
  const { t } = useTranslation('reports');
  return (
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
  );
}

import { Table } from '@mantine/core';
import { ResultsTableFrame, ScoreCells, StatusCell, StudentCell, SubmissionActionsCell, TimeAndSubmittedCells } from '../../results/components/SubmissionCells';
import type { Submission } from '../../results/types';

const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? 'th'}`;

const COLUMNS = ['Rank', 'Student', 'Score', 'Percentage', 'Grade', 'Percentile', 'Status', 'Time', 'Submitted', 'Actions'];

/**
 * The exam's results ranked by score. Rank and percentile come from the server, computed over
 * every graded submission of the exam, so they do not change with the page or the filters.
 */
export function RankedResultsTable({ submissions, canGrade }: { submissions: Submission[]; canGrade: boolean }) {
  return (
    <ResultsTableFrame label="Ranked results" columns={COLUMNS} minWidth={960}>
      {submissions.map((s) => (
        <Table.Tr key={s._id}>
          <Table.Td data-testid="rank">{s.rank ?? '—'}</Table.Td>
          <StudentCell student={s.student} />
          <ScoreCells submission={s} />
          <Table.Td data-testid="percentile">{s.percentile === null ? '—' : ordinal(s.percentile)}</Table.Td>
          <StatusCell submission={s} />
          <TimeAndSubmittedCells submission={s} />
          <SubmissionActionsCell submission={s} viewLabel="result" canGrade={canGrade} />
        </Table.Tr>
      ))}
    </ResultsTableFrame>
  );
}

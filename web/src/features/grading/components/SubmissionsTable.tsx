import { Table } from '@mantine/core';
import { ResultsTableFrame, ScoreCells, StatusCell, StudentCell, SubmissionActionsCell, TimeAndSubmittedCells } from '../../results/components/SubmissionCells';
import type { Submission } from '../../results/types';

const COLUMNS = ['Student', 'Attempt', 'Status', 'Score', 'Percentage', 'Grade', 'Time', 'Submitted', 'Actions'];

/** One exam's submissions (spec core §2 "Exam submissions screen"). */
export function SubmissionsTable({ submissions }: { submissions: Submission[] }) {
  return (
    <ResultsTableFrame label="Submissions" columns={COLUMNS} minWidth={960}>
      {submissions.map((s) => (
        <Table.Tr key={s._id}>
          <StudentCell student={s.student} />
          <Table.Td>{s.attemptNumber}</Table.Td>
          <StatusCell submission={s} />
          <ScoreCells submission={s} />
          <TimeAndSubmittedCells submission={s} />
          <SubmissionActionsCell submission={s} viewLabel="submission" canGrade />
        </Table.Tr>
      ))}
    </ResultsTableFrame>
  );
}

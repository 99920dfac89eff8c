import type { Submission } from '@exam/shared';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResultsTableFrame, ScoreCells, StatusCell, StudentCell, SubmissionActionsCell, TimeAndSubmittedCells } from '../../../components/SubmissionCells';

const COLUMNS = ['student', 'attempt', 'status', 'score', 'percentage', 'grade', 'time', 'submitted', 'actions'];

/** One exam's submissions. */
export function SubmissionsTable({ submissions }: { submissions: Submission[] }) {
  const { t } = useTranslation('grading');
  return (
    <ResultsTableFrame label={t('list.tableLabel')} columns={COLUMNS.map((c) => t(`list.columns.${c}`))} minWidth={960}>
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

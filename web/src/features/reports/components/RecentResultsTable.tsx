import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import { titleCase } from '../../../lib/format';
import { DateCell, ResultsTableFrame } from '../../results/components/SubmissionCells';
import type { ProgressReport } from '../types';
import { useGradeOf } from '../../platform/useGradeOf';

const COLUMNS = ['Exam', 'Subject', 'Score', 'Grade', 'Date', 'Result'];

/** The ten latest results (surroundings §2): exam, subject, score, grade, date, passed or failed. */
export function RecentResultsTable({ results }: { results: ProgressReport['recentSubmissions'] }) {
  const gradeOf = useGradeOf();
  return (
    <ResultsTableFrame label="Recent results" columns={COLUMNS} minWidth={700} highlightOnHover={false}>
      {results.map((r) => (
        <Table.Tr key={r._id}>
          <Table.Td>
            <Anchor component={Link} to={`/exam-result/${r._id}`} size="sm">
              {r.exam.title}
            </Anchor>
          </Table.Td>
          <Table.Td>{titleCase(r.exam.subject)}</Table.Td>
          <Table.Td>
            {r.score ?? '—'} / {r.totalMarks ?? '—'} ({r.percentage}%)
          </Table.Td>
          <Table.Td>{gradeOf(r.percentage)}</Table.Td>
          <DateCell value={r.submittedAt} />
          <Table.Td>{r.isPassed ? 'Passed' : 'Failed'}</Table.Td>
        </Table.Tr>
      ))}
    </ResultsTableFrame>
  );
}

import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime, titleCase } from '../../../lib/format';
import type { ProgressReport } from '../types';

/** The ten latest results (surroundings §2): exam, subject, score, grade, date, passed or failed. */
export function RecentResultsTable({ results }: { results: ProgressReport['recentSubmissions'] }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped aria-label="Recent results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Exam</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
              <Table.Td>{r.grade}</Table.Td>
              <Table.Td>{formatDateTime(r.submittedAt) ?? '—'}</Table.Td>
              <Table.Td>{r.isPassed ? 'Passed' : 'Failed'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

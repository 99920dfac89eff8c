import { Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { needsGrading } from '../../grading/components/SubmissionsTable';
import { StatusBadge } from '../../results/components/StatusBadge';
import { formatTimeSpent, percentText, studentName } from '../../results/labels';
import type { Submission } from '../../results/types';

const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? 'th'}`;

/**
 * The exam's results ranked by score. Rank and percentile come from the server, computed over
 * every graded submission of the exam, so they do not change with the page or the filters.
 */
export function RankedResultsTable({ submissions, canGrade }: { submissions: Submission[]; canGrade: boolean }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover aria-label="Ranked results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Student</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Percentage</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th>Percentile</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {submissions.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td data-testid="rank">{s.rank ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {studentName(s.student)}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.student.email}
                </Text>
              </Table.Td>
              <Table.Td>{s.score === null ? '—' : `${s.score} / ${s.totalMarks}`}</Table.Td>
              <Table.Td>{s.isSubmitted ? percentText(s.percentage) : '—'}</Table.Td>
              <Table.Td>{s.grade ?? '—'}</Table.Td>
              <Table.Td data-testid="percentile">{s.percentile === null ? '—' : ordinal(s.percentile)}</Table.Td>
              <Table.Td>
                <StatusBadge status={s.displayStatus} />
              </Table.Td>
              <Table.Td>{s.isSubmitted ? formatTimeSpent(s.timeSpent) : '—'}</Table.Td>
              <Table.Td>{formatDateTime(s.submittedAt) ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {s.isSubmitted && (
                    <Button size="xs" variant="subtle" component={Link} to={`/exam-result/${s._id}`} aria-label={`View result of ${studentName(s.student)}`}>
                      View
                    </Button>
                  )}
                  {canGrade && needsGrading(s) && (
                    <Button size="xs" component={Link} to={`/grade-submission/${s._id}`} aria-label={`Grade Submission of ${studentName(s.student)}`}>
                      Grade Submission
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge } from '../../results/components/StatusBadge';
import { formatTimeSpent, percentText, studentName } from '../../results/labels';
import type { Submission } from '../../results/types';

/** Grading is possible once an attempt is submitted and until every answer has marks. */
export const needsGrading = (s: Submission) => s.isSubmitted && !s.isGraded;

/** One exam's submissions (spec core §2 "Exam submissions screen"). */
export function SubmissionsTable({ submissions }: { submissions: Submission[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover aria-label="Submissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Student</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Percentage</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {submissions.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {studentName(s.student)}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.student.email}
                </Text>
              </Table.Td>
              <Table.Td>{s.attemptNumber}</Table.Td>
              <Table.Td>
                <StatusBadge status={s.displayStatus} />
              </Table.Td>
              <Table.Td>{s.score === null ? '—' : `${s.score} / ${s.totalMarks}`}</Table.Td>
              <Table.Td>{s.isSubmitted ? percentText(s.percentage) : '—'}</Table.Td>
              <Table.Td>{s.grade ?? '—'}</Table.Td>
              <Table.Td>{s.isSubmitted ? formatTimeSpent(s.timeSpent) : '—'}</Table.Td>
              <Table.Td>{formatDateTime(s.submittedAt) ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {s.isSubmitted && (
                    <Button size="xs" variant="subtle" component={Link} to={`/exam-result/${s._id}`} aria-label={`View submission of ${studentName(s.student)}`}>
                      View
                    </Button>
                  )}
                  {needsGrading(s) && (
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

import { Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import type { GradeChange, SubmissionAnswer } from '../../results/types';

/** Every change of marks on this submission: who, when, before and after. */
export function GradeHistory({ history, answers }: { history: GradeChange[]; answers: SubmissionAnswer[] }) {
  const number = new Map(answers.map((a) => [a.questionId, a.index]));
  if (!history.length) return <Text c="dimmed">No marks have been changed by hand yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label="Grade history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Question</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
            <Table.Th>Feedback</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((h, i) => (
            <Table.Tr key={`${h.questionId}-${h.at}-${i}`}>
              <Table.Td>{number.get(h.questionId) ?? '—'}</Table.Td>
              <Table.Td>{h.before ?? 'Not marked'}</Table.Td>
              <Table.Td>{h.after}</Table.Td>
              <Table.Td>{h.afterFeedback || '—'}</Table.Td>
              <Table.Td>{h.by ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(h.at) ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

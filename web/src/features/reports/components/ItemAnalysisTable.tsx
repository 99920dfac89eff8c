import { previewText } from '@exam/shared';
import { Stack, Table, Text } from '@mantine/core';
import { MathText } from '../../../components/MathText';
import { QUESTION_TYPE_LABELS } from '../../exams/labels';
import type { ExamStatsResponse } from '../../results/types';

const fixed = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));
const asPercent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);

/** How facility reads: the share of full marks, with the usual easy/hard wording. */
function facilityWord(f: number | null): string {
  if (f === null) return '';
  if (f >= 0.8) return ' (easy)';
  if (f < 0.3) return ' (hard)';
  return '';
}

function optionText(counts: Record<string, number> | null): string {
  if (!counts) return '—';
  return Object.entries(counts)
    .map(([option, n]) => `${option}: ${n}`)
    .join(', ');
}

/**
 * Classical item statistics per question, computed by the server over graded attempts: facility
 * (share of full marks), discrimination (upper minus lower 27 %), average marks for essays, and
 * how often each option was chosen; plus the exam's reliability when there are enough attempts.
 */
export function ItemAnalysisTable({ analysis }: { analysis: ExamStatsResponse['analysis'] }) {
  return (
    <Stack gap="sm">
      <Text data-testid="reliability">
        {analysis.reliability === null
          ? 'Reliability: Not enough attempts yet'
          : `Reliability (${analysis.method ?? 'coefficient'}): ${analysis.reliability.toFixed(2)}`}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label="Item analysis">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Question</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Facility</Table.Th>
              <Table.Th>Discrimination</Table.Th>
              <Table.Th>Average marks</Table.Th>
              <Table.Th>Option choices</Table.Th>
              <Table.Th>Graded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analysis.items.map((item, i) => (
              <Table.Tr key={item.questionId}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td maw={320}>
                  <MathText text={previewText(item.question)} />
                </Table.Td>
                <Table.Td>{item.type ? QUESTION_TYPE_LABELS[item.type] : '—'}</Table.Td>
                <Table.Td>
                  {asPercent(item.facility)}
                  {facilityWord(item.facility)}
                </Table.Td>
                <Table.Td>{fixed(item.discrimination)}</Table.Td>
                <Table.Td>{item.averageMarks === null ? '—' : `${fixed(item.averageMarks, 1)} / ${item.points ?? '?'}`}</Table.Td>
                <Table.Td>
                  <MathText text={optionText(item.optionCounts)} />
                </Table.Td>
                <Table.Td>{item.graded}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

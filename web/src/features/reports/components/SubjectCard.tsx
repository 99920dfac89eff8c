import { Paper, RingProgress, Stack, Text } from '@mantine/core';
import { titleCase } from '../../../lib/format';
import { scoreColor } from '../../results/labels';
import { improvementText, NOT_ENOUGH_RESULTS } from '../insights';
import type { SubjectProgress } from '../types';

/** One subject's figures; the improvement is the server's measured one, or none. */
export function SubjectCard({ subject: s }: { subject: SubjectProgress }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={titleCase(s.subject)}>
      <Stack gap="xs" align="center">
        <Text fw={600}>{titleCase(s.subject)}</Text>
        <Text size="sm" c="dimmed">
          {s.totalExams} {s.totalExams === 1 ? 'exam' : 'exams'}
        </Text>
        <RingProgress
          size={110}
          thickness={10}
          roundCaps
          sections={[{ value: s.averageScore, color: scoreColor(s.averageScore) }]}
          label={
            <Text ta="center" fw={700}>
              {s.averageScore}%
            </Text>
          }
          aria-hidden
        />
        <Text size="sm">Average {s.averageScore}%</Text>
        <Text size="sm">Best score {s.bestScore}%</Text>
        <Text size="sm" data-testid="improvement">
          Improvement: {s.improvement === null ? NOT_ENOUGH_RESULTS : improvementText(s.improvement)}
        </Text>
      </Stack>
    </Paper>
  );
}

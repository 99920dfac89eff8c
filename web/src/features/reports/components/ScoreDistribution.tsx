import { Group, Progress, Stack, Text } from '@mantine/core';

/**
 * The score distribution over graded submissions (buckets of spec core §9) as bars with their
 * counts written out, so the chart reads without colour or sight.
 */
export function ScoreDistribution({ buckets }: { buckets: { range: string; count: number }[] }) {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (!total) return <Text c="dimmed">No graded submissions yet.</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Score distribution">
      {buckets.map((b) => {
        const share = Math.round((b.count / total) * 100);
        const text = `${b.range}%: ${b.count} ${b.count === 1 ? 'submission' : 'submissions'} (${share}%)`;
        return (
          <li key={b.range} data-testid={`bucket-${b.range}`}>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" w={70} fw={500}>
                {b.range}%
              </Text>
              <Progress value={share} size="xl" style={{ flex: 1 }} aria-label={text} />
              <Text size="sm" w={110} ta="right">
                {b.count} ({share}%)
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

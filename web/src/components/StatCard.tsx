import { Paper, Text } from '@mantine/core';

/** A labelled counter; the label is part of the same region so it is read with the number. */
export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Paper>
  );
}

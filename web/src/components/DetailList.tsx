import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list, so screen readers announce each pair together. */
export function DetailList({ items, cols = 2 }: { items: Detail[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="sm" verticalSpacing="xs" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

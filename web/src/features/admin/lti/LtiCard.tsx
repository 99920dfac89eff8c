import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the LTI page: a card named by its title, with a line saying what it is for. */
export function LtiCard({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow centred card every sign-in style screen uses. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Container size={480} py="xl">
      <Stack gap={4} mb="lg" align="center">
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" ta="center">
            {subtitle}
          </Text>
        )}
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

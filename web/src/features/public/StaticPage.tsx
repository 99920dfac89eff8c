import { Box, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export interface StaticSection {
  heading: string;
  paragraphs?: string[];
  items?: ReactNode[];
}

/** A page of prose: a title, an introduction and titled sections. */
export function StaticPage({ title, intro, sections, children }: { title: string; intro: string; sections: StaticSection[]; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2" mb="xs">
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {sections.map((s) => (
          <section key={s.heading} aria-labelledby={slug(s.heading)}>
            <Title order={2} size="h4" id={slug(s.heading)} mb="xs">
              {s.heading}
            </Title>
            {s.paragraphs?.map((p) => (
              <Text key={p} mb="xs">
                {p}
              </Text>
            ))}
            {s.items && (
              <List spacing="xs">
                {s.items.map((item, i) => (
                  <List.Item key={i}>{item}</List.Item>
                ))}
              </List>
            )}
          </section>
        ))}
        {children}
      </Stack>
    </Box>
  );
}

const slug = (s: string) => `section-${s.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

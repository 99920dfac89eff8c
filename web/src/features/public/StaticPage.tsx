import { Box, Code, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** The prose pages, each a tree in the `public` catalogue: title, intro and sections. */
export type StaticPageName = 'about' | 'privacy' | 'terms' | 'cookies';

/** A section as the catalogue holds it: a heading, then paragraphs and/or list items, each under its own key. */
interface StaticSection {
  heading: string;
  paragraphs?: Record<string, string>;
  items?: Record<string, string>;
}

/**
 * A page of prose: a title, an introduction and titled sections, all read from
 * public:<page>, in the order the catalogue lists them. A text may mark code with <code>…</code>.
 */
export function StaticPage({ page, children }: { page: StaticPageName; children?: ReactNode }) {
  const { t } = useTranslation('public');
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  const sections = t(`${page}.sections`, { returnObjects: true }) as unknown as Record<string, StaticSection>;
  const text = (key: string) => <Trans t={t} i18nKey={key} components={{ code: <Code /> }} />;
  return (
    <Box py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2" mb="xs">
            {title}
          </Title>
          <Text c="dimmed">{t(`${page}.intro`)}</Text>
        </div>
        {Object.entries(sections).map(([id, s]) => (
          <section key={id} aria-labelledby={`section-${id}`}>
            <Title order={2} size="h4" id={`section-${id}`} mb="xs">
              {s.heading}
            </Title>
            {Object.keys(s.paragraphs ?? {}).map((p) => (
              <Text key={p} mb="xs">
                {text(`${page}.sections.${id}.paragraphs.${p}`)}
              </Text>
            ))}
            {s.items && (
              <List spacing="xs">
                {Object.keys(s.items).map((item) => (
                  <List.Item key={item}>{text(`${page}.sections.${id}.items.${item}`)}</List.Item>
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

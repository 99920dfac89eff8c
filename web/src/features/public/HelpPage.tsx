import { Accordion, Anchor, Box, Card, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { helpCategories, searchFaq } from './helpContent';

/** FAQ grid size. */
const FAQ_GRID = 6;

/** Help: six categories, an FAQ search, an FAQ grid of six, and the way to a person. */
export function HelpPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('help.documentTitle'));
  const [query, setQuery] = useState('');
  const categories = helpCategories();
  const matches = searchFaq(query).slice(0, FAQ_GRID);

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('help.title')}
        </Title>
        <Tabs defaultValue={categories[0]!.id}>
          <Tabs.List>
            {categories.map((c) => (
              <Tabs.Tab key={c.id} value={c.id}>
                {c.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {categories.map((c) => (
            <Tabs.Panel key={c.id} value={c.id} pt="md">
              <Stack gap="sm">
                {c.sections.map((s) => (
                  <div key={s.title}>
                    <Title order={3} size="h5">
                      {s.title}
                    </Title>
                    <Text>{s.text}</Text>
                  </div>
                ))}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>

        <section aria-labelledby="faq-title">
          <Title order={2} size="h3" id="faq-title" mb="sm">
            {t('help.faqTitle')}
          </Title>
          <TextInput
            label={t('help.searchLabel')}
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            mb="md"
            maw={480}
          />
          {matches.length === 0 ? (
            <Text role="status">{t('help.noResults', { query: query.trim() })}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {matches.map((f) => (
                <Card key={f.question} withBorder padding="xs" radius="md">
                  <Accordion chevronPosition="right">
                    <Accordion.Item value={f.question}>
                      <Accordion.Control>{f.question}</Accordion.Control>
                      <Accordion.Panel>{f.answer}</Accordion.Panel>
                    </Accordion.Item>
                  </Accordion>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </section>
        <Text>
          <Trans t={t} i18nKey="help.stillStuck" components={{ a: <Anchor component={Link} to="/contact" /> }} />
        </Text>
      </Stack>
    </Box>
  );
}

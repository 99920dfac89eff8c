import { Accordion, Anchor, Box, Card, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { HELP_CATEGORIES, searchFaq } from './helpContent';

/** FAQ grid size (surroundings §9). */
const FAQ_GRID = 6;

/** Help (surroundings §2): six categories, an FAQ search, an FAQ grid of six, and the way to a person. */
export function HelpPage() {
  useDocumentTitle('Help');
  const [query, setQuery] = useState('');
  const matches = searchFaq(query).slice(0, FAQ_GRID);

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Help Center
        </Title>
        <Tabs defaultValue={HELP_CATEGORIES[0]!.id}>
          <Tabs.List>
            {HELP_CATEGORIES.map((c) => (
              <Tabs.Tab key={c.id} value={c.id}>
                {c.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {HELP_CATEGORIES.map((c) => (
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
            Frequently asked questions
          </Title>
          <TextInput
            label="Search the FAQ"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            mb="md"
            maw={480}
          />
          {matches.length === 0 ? (
            <Text role="status">No results found for "{query.trim()}"</Text>
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
          Still stuck? <Anchor component={Link} to="/contact">Send us a message</Anchor> and the school’s administrators will get back to you.
        </Text>
      </Stack>
    </Box>
  );
}

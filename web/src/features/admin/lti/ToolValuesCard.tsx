import type { LtiToolConfig } from '@exam/shared';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValue } from './CopyValue';

/** The fields an LMS admin fills in by hand, in the order Moodle's and Canvas's forms ask for them. */
const FIELDS = ['title', 'targetLinkUri', 'loginUrl', 'redirectUrls', 'keysetUrl', 'deepLinkingUrl', 'canvasConfigUrl', 'scopes'] as const;

function valueOf(config: LtiToolConfig, field: (typeof FIELDS)[number]): string {
  const value = config[field];
  // One per line, as Moodle's "Redirection URI(s)" takes them; scopes as Canvas lists them.
  return Array.isArray(value) ? value.join('\n') : value;
}

export function ToolValuesCard({ config }: { config: LtiToolConfig }) {
  const { t } = useTranslation('ltiAdmin');
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="lti-tool-title">
      <Title order={2} size="h4" id="lti-tool-title">
        {t('tool.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('tool.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {FIELDS.map((field) => (
          <CopyValue key={field} label={t(`tool.fields.${field}`)} value={valueOf(config, field)} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

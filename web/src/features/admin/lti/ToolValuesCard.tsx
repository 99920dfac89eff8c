import type { LtiToolConfig } from '@exam/shared';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValue } from './CopyValue';
import { LtiCard } from './LtiCard';

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
    <LtiCard id="lti-tool-title" title={t('tool.title')} hint={t('tool.hint')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {FIELDS.map((field) => (
          <CopyValue key={field} label={t(`tool.fields.${field}`)} value={valueOf(config, field)} />
        ))}
      </SimpleGrid>
    </LtiCard>
  );
}

import type { LtiPlatform } from '@exam/shared';
import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { usePlatforms, useToolConfig } from './hooks';
import { PlatformFormModal } from './PlatformFormModal';
import { PlatformsTable } from './PlatformsTable';
import { RegistrationLinkCard } from './RegistrationLinkCard';
import { SigningKeysCard } from './SigningKeysCard';
import { ToolValuesCard } from './ToolValuesCard';

/**
 * The LMS integration (/admin/lti): what an LMS's admin pastes to add the tool, a Dynamic
 * Registration link, the signing keys, and the registered platforms (docs/lti.md).
 */
export function AdminLtiPage() {
  const { t } = useTranslation('ltiAdmin');
  useDocumentTitle(t('title'));
  const config = useToolConfig();
  const platforms = usePlatforms();
  // undefined: closed; null: adding; a platform: editing it.
  const [editing, setEditing] = useState<LtiPlatform | null | undefined>(undefined);

  if (config.isPending || platforms.isPending) return <PageLoader />;
  if (config.isError || platforms.isError)
    return (
      <Box py="lg">
        <LoadError message={t('loadFailed')} onRetry={() => void Promise.all([config.refetch(), platforms.refetch()])} />
      </Box>
    );

  return (
    <Box py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" mt="xs">
            {t('intro')}
          </Text>
        </div>

        <ToolValuesCard config={config.data} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <RegistrationLinkCard />
          <SigningKeysCard />
        </SimpleGrid>

        <Stack gap="sm" component="section" aria-labelledby="lti-platforms-title">
          <Group justify="space-between">
            <Title order={2} size="h4" id="lti-platforms-title">
              {t('platforms.title')}
            </Title>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)}>
              {t('platforms.add')}
            </Button>
          </Group>
          {platforms.data.length ? <PlatformsTable platforms={platforms.data} onEdit={setEditing} /> : <Text c="dimmed">{t('platforms.empty')}</Text>}
        </Stack>
      </Stack>
      <PlatformFormModal opened={editing !== undefined} platform={editing ?? null} onClose={() => setEditing(undefined)} />
    </Box>
  );
}

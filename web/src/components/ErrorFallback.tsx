import { msg } from '../i18n/messages';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a render failure shows: the message and a Refresh Page button. */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" role="alert">
        <Title order={2}>{msg('common.errorBoundary')}</Title>
        <Text c="dimmed" ta="center">
          {t('components.errorHint')}
        </Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('components.refreshPage')}
        </Button>
      </Stack>
    </Container>
  );
}

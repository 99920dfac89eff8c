import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EmptyStateProps {
  title: string;
  message?: string;
  /** Offered when filters hide what would otherwise be listed. */
  onClear?: () => void;
}

/** A list with nothing to show: the documented title, an explanation, and Clear Filters when filtered. */
export function EmptyState({ title, message, onClear }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" gap="xs" data-testid="empty-state">
      <Text fw={600}>{title}</Text>
      {message && (
        <Text c="dimmed" size="sm" ta="center">
          {message}
        </Text>
      )}
      {onClear && (
        <Button variant="light" onClick={onClear}>
          {t('components.clearFilters')}
        </Button>
      )}
    </Stack>
  );
}

import { Checkbox, Chip, Group, Select, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCoffee, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BoardFilter, SortKey, StatusFilter } from './rows';

/** Each option's value with its catalogue key (filters.statuses.*, filters.sorts.*). */
const STATUS_OPTIONS: { value: StatusFilter; key: string }[] = [
  { value: 'all', key: 'all' },
  { value: 'online', key: 'online' },
  { value: 'offline', key: 'offline' },
  { value: 'not-started', key: 'notStarted' },
  { value: 'submitted', key: 'submitted' },
];

const SORT_OPTIONS: SortKey[] = ['attention', 'name', 'status', 'progress', 'timeLeft', 'violations', 'activity'];

/** `breakRequests`: how many students ask for a break now; the chip shows only while there are some (or it is on). */
export function BoardFilters({ value, onChange, breakRequests = 0 }: { value: BoardFilter; onChange: (next: BoardFilter) => void; breakRequests?: number }) {
  const { t } = useTranslation('proctor');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        w={220}
      />
      <Select
        label={t('filters.status')}
        data={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(`filters.statuses.${o.key}`) }))}
        value={value.status}
        onChange={(v) => onChange({ ...value, status: (v as StatusFilter | null) ?? 'all' })}
        allowDeselect={false}
        w={210}
      />
      <Select
        label={t('filters.sortBy')}
        data={SORT_OPTIONS.map((sort) => ({ value: sort, label: t(`filters.sorts.${sort}`) }))}
        value={value.sort}
        onChange={(v) => onChange({ ...value, sort: (v as SortKey | null) ?? 'attention' })}
        allowDeselect={false}
        w={230}
      />
      <Checkbox
        label={t('filters.attentionOnly')}
        checked={value.attentionOnly}
        onChange={(e) => onChange({ ...value, attentionOnly: e.currentTarget.checked })}
        mb={8}
      />
      {/* A new request is said to a screen reader as it comes: the chip only appears. */}
      <VisuallyHidden role="status" data-testid="break-requests-live">
        {breakRequests > 0 ? t('filters.breakRequestsLive', { count: breakRequests }) : ''}
      </VisuallyHidden>
      {(breakRequests > 0 || value.breakRequestsOnly) && (
        <Chip
          checked={value.breakRequestsOnly}
          onChange={(checked) => onChange({ ...value, breakRequestsOnly: checked })}
          color="yellow"
          variant="filled"
          icon={<IconCoffee size={14} aria-hidden />}
          mb={6}
          data-testid="break-requests-filter"
        >
          {t('filters.breakRequests', { n: breakRequests })}
        </Chip>
      )}
    </Group>
  );
}

import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { BoardFilter, SortKey, StatusFilter } from './rows';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'online', label: 'In progress, online' },
  { value: 'offline', label: 'In progress, offline' },
  { value: 'not-started', label: 'Not started' },
  { value: 'submitted', label: 'Submitted' },
];

const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'attention', label: 'Needs attention first' },
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'Status' },
  { value: 'progress', label: 'Answered (fewest first)' },
  { value: 'timeLeft', label: 'Time left (least first)' },
  { value: 'violations', label: 'Violations (most first)' },
  { value: 'activity', label: 'Last activity (latest first)' },
];

export function BoardFilters({ value, onChange }: { value: BoardFilter; onChange: (next: BoardFilter) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search students"
        placeholder="Name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        w={220}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(v) => onChange({ ...value, status: (v as StatusFilter | null) ?? 'all' })}
        allowDeselect={false}
        w={210}
      />
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={value.sort}
        onChange={(v) => onChange({ ...value, sort: (v as SortKey | null) ?? 'attention' })}
        allowDeselect={false}
        w={230}
      />
      <Checkbox
        label="Needs attention only"
        checked={value.attentionOnly}
        onChange={(e) => onChange({ ...value, attentionOnly: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}

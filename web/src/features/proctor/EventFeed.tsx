import { formatTime } from '../../lib/dateFormat';
import { Anchor, Badge, Group, Paper, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedItem } from './boardState';
import { EVENT_TYPES, eventDetailText, eventLabel, filterFeed, type FeedFilter } from './feed';

const EVENT_COLORS = new Map<string, string>([
  ['joined', 'green'],
  ['left', 'orange'],
  ['violation', 'red'],
  ['submitted', 'blue'],
  ['message', 'grape'],
  ['extended', 'teal'],
  ['reinstated', 'cyan'],
]);

interface EventFeedProps {
  items: FeedItem[];
  students: { value: string; label: string }[];
  nameOf: (studentId: string) => string;
  onOpenStudent: (studentId: string) => void;
}

/** What happened, newest first, filterable by student and type. */
export function EventFeed({ items, students, nameOf, onOpenStudent }: EventFeedProps) {
  const { t } = useTranslation('proctor');
  const [filter, setFilter] = useState<FeedFilter>({ studentId: '', type: '' });
  const shown = useMemo(() => filterFeed(items, filter), [items, filter]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="feed-title">
          {t('feed.title')}
        </Title>
        <Group gap="xs" grow>
          <Select
            label={t('feed.student')}
            placeholder={t('feed.everyone')}
            data={students}
            value={filter.studentId || null}
            onChange={(v) => setFilter((f) => ({ ...f, studentId: v ?? '' }))}
            clearable
            searchable
          />
          <Select
            label={t('feed.eventType')}
            placeholder={t('feed.everyType')}
            data={EVENT_TYPES.map((type) => ({ value: type, label: eventLabel(type) }))}
            value={filter.type || null}
            onChange={(v) => setFilter((f) => ({ ...f, type: v ?? '' }))}
            clearable
          />
        </Group>
        <ScrollArea.Autosize mah={520} type="auto">
          {shown.length === 0 ? (
            <Text c="dimmed" size="sm" py="sm">
              {t('feed.empty')}
            </Text>
          ) : (
            <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('feed.listLabel')} data-testid="event-feed">
              {shown.map((e) => (
                <FeedRow key={e.id} item={e} name={nameOf(e.studentId)} onOpenStudent={onOpenStudent} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

const FeedRow = memo(function FeedRow({ item, name, onOpenStudent }: { item: FeedItem; name: string; onOpenStudent: (id: string) => void }) {
  // Its own hook: a memoised row still follows a change of language.
  useTranslation('proctor');
  const detail = eventDetailText(item.type, item.detail);
  return (
    <li data-testid="feed-item" data-type={item.type}>
      <Group gap={6} wrap="nowrap" align="baseline">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatTime(item.at, { seconds: true })}
        </Text>
        <Badge size="sm" variant="light" color={EVENT_COLORS.get(item.type) ?? 'gray'} style={{ textTransform: 'none', flexShrink: 0 }}>
          {eventLabel(item.type)}
        </Badge>
        <Text size="sm" style={{ minWidth: 0 }}>
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenStudent(item.studentId)}>
            {name}
          </Anchor>
          {detail && ` · ${detail}`}
        </Text>
      </Group>
    </li>
  );
});

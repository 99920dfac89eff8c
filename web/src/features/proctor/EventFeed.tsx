import { formatTime } from '../../lib/dateFormat';
import { Anchor, Badge, Group, Paper, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Severity } from '@exam/shared';
import type { FeedItem } from './boardState';
import { broadcastIdOf } from './boardState';
import { EVENT_TYPES, eventDetailText, eventGroup, eventLabel, eventSeverity, filterFeed, severityLabel, type FeedFilter } from './feed';

const EVENT_COLORS = new Map<string, string>([
  ['joined', 'green'],
  ['left', 'orange'],
  ['violation', 'red'],
  ['submitted', 'blue'],
  ['message', 'grape'],
  ['extended', 'teal'],
  ['reinstated', 'cyan'],
  ['network', 'yellow'],
  ['help', 'indigo'],
  ['waiver', 'gray'],
  ['break', 'cyan'],
]);

const SEVERITY_COLORS: Record<Severity, string> = { high: 'red', medium: 'orange', low: 'yellow' };

/** The flag an evidence picture may have been kept for. */
export const flagIdOf = (item: FeedItem) => (item.type === 'violation' && typeof item.detail.flagId === 'string' ? item.detail.flagId : null);

interface EventFeedProps {
  items: FeedItem[];
  students: { value: string; label: string }[];
  nameOf: (studentId: string) => string;
  onOpenStudent: (studentId: string) => void;
  /** Set when the exam keeps evidence pictures: a flag's line then links to its pictures. */
  onOpenEvidence?: (item: FeedItem) => void;
}

/** What happened, newest first, filterable by student and type. */
export function EventFeed({ items, students, nameOf, onOpenStudent, onOpenEvidence }: EventFeedProps) {
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
                <FeedRow key={e.id} item={e} name={nameOf(e.studentId)} onOpenStudent={onOpenStudent} onOpenEvidence={onOpenEvidence} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

const FeedRow = memo(function FeedRow({
  item,
  name,
  onOpenStudent,
  onOpenEvidence,
}: {
  item: FeedItem;
  name: string;
  onOpenStudent: (id: string) => void;
  onOpenEvidence: ((item: FeedItem) => void) | undefined;
}) {
  // Its own hook: a memoised row still follows a change of language.
  const { t } = useTranslation('proctor');
  const detail = eventDetailText(item.type, item.detail);
  const severity = eventSeverity(item.type, item.detail);
  const broadcast = broadcastIdOf(item.detail) !== null;
  const evidence = onOpenEvidence && flagIdOf(item);
  return (
    <li data-testid="feed-item" data-type={item.type} data-severity={severity ?? undefined}>
      <Group gap={6} wrap="nowrap" align="baseline">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatTime(item.at, { seconds: true })}
        </Text>
        <Badge size="sm" variant="light" color={EVENT_COLORS.get(eventGroup(item.type)) ?? 'gray'} style={{ textTransform: 'none', flexShrink: 0 }}>
          {eventLabel(item.type)}
        </Badge>
        {severity && (
          <Badge
            size="xs"
            variant="filled"
            color={SEVERITY_COLORS[severity]}
            style={{ textTransform: 'none', flexShrink: 0 }}
            aria-label={t('feed.severityLabel', { severity: severityLabel(severity) })}
            data-testid="feed-severity"
          >
            {severityLabel(severity)}
          </Badge>
        )}
        <Text size="sm" style={{ minWidth: 0 }}>
          {broadcast ? (
            t('feed.allStudents')
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={() => onOpenStudent(item.studentId)}>
              {name}
            </Anchor>
          )}
          {detail && ` · ${detail}`}
          {evidence && (
            <>
              {' · '}
              <Anchor component="button" type="button" size="sm" onClick={() => onOpenEvidence(item)} data-testid="feed-evidence">
                {t('feed.evidence')}
              </Anchor>
            </>
          )}
        </Text>
      </Group>
    </li>
  );
});

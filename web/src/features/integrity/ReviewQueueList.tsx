import type { ReviewQueueItem } from '@exam/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';
import { holdText, outcomeText, STATE_COLOR, stateText } from './labels';

interface ReviewQueueListProps {
  items: readonly ReviewQueueItem[];
  openId: string | null;
  /** `viaKeys`: opened with Enter, so focus follows into the attempt. */
  onOpen: (attemptId: string, viaKeys: boolean) => void;
}

const MOVES: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/**
 * The exam's attempts in the server's order (undecided flags first) as a listbox with one tab
 * stop: ↑/↓ or j/k move, Home/End jump, Enter or Space opens. The open attempt is the selected
 * option; focus and selection part only while the reviewer looks along the list.
 */
export function ReviewQueueList({ items, openId, onOpen }: ReviewQueueListProps) {
  const { t } = useTranslation('integrity');
  const options = useRef<(HTMLDivElement | null)[]>([]);
  // The tab stop, by attempt (the list may reorder under it as decisions come in).
  const [activeId, setActiveId] = useState<string | null>(openId);
  // The open attempt changed from elsewhere (] / [, after a decision): the tab stop follows it.
  const [seenOpen, setSeenOpen] = useState(openId);
  if (openId !== seenOpen) {
    setSeenOpen(openId);
    if (openId) setActiveId(openId);
  }
  const current = Math.max(
    0,
    items.findIndex((i) => i.attemptId === activeId),
  );

  const focusAt = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActiveId(items[next]?.attemptId ?? null);
    options.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const move = MOVES[event.key];
    if (move !== undefined) focusAt(current + move);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') {
      const item = items[current];
      if (item) onOpen(item.attemptId, true);
    } else return;
    event.preventDefault();
  };

  return (
    <Stack gap={4} role="listbox" aria-label={t('queue.label')} onKeyDown={onKeyDown} data-testid="review-queue">
      {items.map((item, index) => {
        const selected = item.attemptId === openId;
        return (
          <Stack
            key={item.attemptId}
            ref={(el: HTMLDivElement | null) => {
              options.current[index] = el;
            }}
            gap={2}
            p="xs"
            role="option"
            className="mantine-focus-auto"
            aria-selected={selected}
            tabIndex={index === current ? 0 : -1}
            data-testid="queue-item"
            data-attempt-id={item.attemptId}
            onClick={() => {
              setActiveId(item.attemptId);
              onOpen(item.attemptId, false);
            }}
            onFocus={() => setActiveId(item.attemptId)}
            style={{
              cursor: 'pointer',
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-default-border)',
              background: selected ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" truncate>
                {item.student.name}
              </Text>
              <Badge color={STATE_COLOR[item.integrityState]} variant="light" data-testid="queue-state" style={{ flexShrink: 0 }}>
                {stateText(item.integrityState)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {[
                item.student.section ? t('queue.section', { section: item.student.section }) : t('queue.noSection'),
                t('queue.flags', { count: item.flags }),
                t('queue.undecided', { count: item.undecided }),
                t('queue.confirmed', { count: item.confirmed }),
              ].join(' · ')}
            </Text>
            {(item.outcome || item.hold || item.submitReason === 'violations') && (
              <Group gap={4}>
                {item.submitReason === 'violations' && (
                  <Badge size="xs" color="gray" variant="outline">
                    {enumLabel('submitReasons', item.submitReason)}
                  </Badge>
                )}
                {item.outcome && (
                  <Badge size="xs" color="gray" variant="outline">
                    {t('queue.outcome', { outcome: outcomeText(item.outcome) })}
                  </Badge>
                )}
                {item.hold && (
                  <Badge size="xs" color="orange" variant="outline">
                    {t('queue.hold', { hold: holdText(item.hold) })}
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

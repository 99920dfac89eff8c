import type { FlagDecisionKind, ReviewFlag } from '@exam/shared';
import { Badge, Button, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../i18n/format';
import { formatDateTimeText, formatTime } from '../../lib/dateFormat';
import { EvidenceThumbs } from './EvidenceThumbs';
import { DECISION_COLOR, decisionText } from './labels';
import { flagKindText, spanText } from './timelineText';

interface FlagCardProps {
  flag: ReviewFlag;
  number: number;
  total: number;
  /** False for a reader who may only look (a proctor who does not review): no note, no buttons. */
  mayDecide: boolean;
  /** The flag the keys act on: outlined, and the one focus returns to. */
  current: boolean;
  note: string;
  onNote: (note: string) => void;
  onDecide: (decision: FlagDecisionKind) => void;
  /** The decision being saved for this flag, if any. */
  pending: FlagDecisionKind | null;
  onFocusFlag: () => void;
  cardRef: Ref<HTMLElement>;
  noteRef: Ref<HTMLInputElement>;
}

/** 'Tab switch at 10:04:12': a flag named the way the reviewer reads it on the timeline. */
export const flagWhat = (flag: ReviewFlag, t: (key: string, values?: Record<string, unknown>) => string) =>
  t('flags.what', { kind: flagKindText(flag.kind), time: formatTime(flag.at, { seconds: true }) });

/**
 * One flag of the attempt: what, when, its evidence, every decision taken on it (who, when, note)
 * and Confirm / Dismiss with an optional note. The card itself takes focus (n / p), so a reviewer
 * on the keyboard always sees which flag c and d act on.
 */
export function FlagCard({ flag, number, total, mayDecide, current, note, onNote, onDecide, pending, onFocusFlag, cardRef, noteRef }: FlagCardProps) {
  const { t } = useTranslation('integrity');
  const what = flagWhat(flag, t);
  const state = decisionText(flag.decision);
  return (
    <Paper
      ref={cardRef as Ref<HTMLDivElement>}
      component="article"
      withBorder
      p="sm"
      radius="md"
      tabIndex={-1}
      aria-label={t('flags.label', { number, total, what, state })}
      aria-current={current ? 'true' : undefined}
      data-testid="flag-card"
      data-event-id={flag.eventId}
      onFocus={onFocusFlag}
      style={{ outline: current ? '3px solid var(--mantine-color-blue-6)' : undefined, outlineOffset: 2 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{what}</Text>
          <Badge color={DECISION_COLOR[flag.decision ?? 'none']} variant="light" data-testid="flag-decision">
            {state}
          </Badge>
        </Group>
        {(flag.confidence !== undefined || flag.durationMs !== undefined) && (
          <Text size="sm" c="dimmed">
            {[
              flag.confidence !== undefined && t('flags.confidence', { percent: formatPercent(flag.confidence <= 1 ? flag.confidence * 100 : flag.confidence) }),
              flag.durationMs !== undefined && t('flags.duration', { duration: spanText(flag.durationMs) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        {flag.evidenceIds.length > 0 ? (
          <EvidenceThumbs ids={flag.evidenceIds} what={what} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('flags.noEvidence')}
          </Text>
        )}
        {flag.history.length > 0 && (
          <List size="sm" spacing={2} aria-label={t('flags.history')} data-testid="flag-history">
            {flag.history.map((h) => (
              <List.Item key={h.id}>
                {t('flags.historyLine', { decision: decisionText(h.decision), name: h.by?.name ?? t('flags.someone'), time: formatDateTimeText(h.at) })}
                {h.note && ` — ${h.note}`}
              </List.Item>
            ))}
          </List>
        )}
        {mayDecide && (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput ref={noteRef} size="xs" style={{ flex: 1, minWidth: 180 }} label={t('flags.note')} value={note} maxLength={1000} onChange={(e) => onNote(e.currentTarget.value)} />
            <Button
              size="xs"
              color="red"
              variant={flag.decision === 'confirm' ? 'filled' : 'light'}
              leftSection={<IconCheck size={14} />}
              loading={pending === 'confirm'}
              disabled={pending !== null}
              onClick={() => onDecide('confirm')}
              aria-keyshortcuts="c"
            >
              {t('flags.confirm')}
            </Button>
            <Button
              size="xs"
              color="gray"
              variant={flag.decision === 'dismiss' ? 'filled' : 'light'}
              leftSection={<IconX size={14} />}
              loading={pending === 'dismiss'}
              disabled={pending !== null}
              onClick={() => onDecide('dismiss')}
              aria-keyshortcuts="d"
            >
              {t('flags.dismiss')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

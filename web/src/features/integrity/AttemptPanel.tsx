import type { AttemptTimeline, FlagDecisionKind, IntegrityOutcome, ReviewFlag } from '@exam/shared';
import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { DetailList } from '../../components/DetailList';
import { LoadError } from '../../components/LoadError';
import { Section } from '../../components/Section';
import { enumLabel, formatNumber } from '../../i18n/format';
import { formatDateTimeText } from '../../lib/dateFormat';
import { notifyError } from '../../lib/notify';
import { integrityApi } from './api';
import { AttemptTimeline as TimelineView } from './AttemptTimeline';
import { FlagCard, flagWhat } from './FlagCard';
import { useAttemptTimeline, useDecideFlag } from './hooks';
import { outcomeText, STATE_COLOR, stateText } from './labels';
import { OutcomeForm } from './OutcomeForm';
import { ReportButtons } from './ReportButtons';
import { useShortcuts } from './shortcuts';
import { spanText } from './timelineText';

interface AttemptPanelProps {
  attemptId: string;
  defaultOutcome: IntegrityOutcome | undefined;
  /** Non-zero, and new each time, when the reviewer opened this attempt from the keyboard: focus moves into it. */
  focusToken: number;
  /** Says something in the page's polite live region. */
  announce: (text: string) => void;
  /** No undecided flag is left and no outcome is wanted here: the page moves on to the next attempt. */
  onDone: () => void;
}

type FocusTarget = { kind: 'flag'; eventId: string } | { kind: 'outcome' } | { kind: 'heading' };

/** The undecided flag after (or before, step -1) `from`, going round; `from` itself is skipped. */
export function nextUndecided(flags: readonly ReviewFlag[], from: string | null, step: 1 | -1 = 1): ReviewFlag | undefined {
  const start = from === null ? -1 : flags.findIndex((f) => f.eventId === from);
  for (let i = 1; i <= flags.length; i++) {
    const flag = flags[(((start + step * i) % flags.length) + flags.length) % flags.length]!;
    if (flag.decision === null && flag.eventId !== from) return flag;
  }
  return undefined;
}

/** The first flag a reviewer should look at: the first undecided, else the first. */
const firstFlag = (flags: readonly ReviewFlag[]) => flags.find((f) => f.decision === null) ?? flags[0];

/**
 * One attempt under review, beside the queue: its counts, its flags with evidence and decisions,
 * the outcome of a confirmed attempt, the reports and the timeline. On the keyboard: n / p the
 * next or previous undecided flag, c confirm, d dismiss, e the note; after a decision focus goes
 * to the next undecided flag, to the outcome when the attempt is now confirmed, else onward.
 */
export function AttemptPanel({ attemptId, defaultOutcome, focusToken, announce, onDone }: AttemptPanelProps) {
  const { t } = useTranslation('integrity');
  const query = useAttemptTimeline(attemptId);
  if (query.isPending) return <Loader size="sm" aria-label={t('attempt.loading')} />;
  if (query.isError) return <LoadError message={t('attempt.loadFailed')} onRetry={() => void query.refetch()} />;
  return <AttemptReview key={attemptId} timeline={query.data} defaultOutcome={defaultOutcome} focusToken={focusToken} announce={announce} onDone={onDone} />;
}

function AttemptReview({ timeline, defaultOutcome, focusToken, announce, onDone }: Omit<AttemptPanelProps, 'attemptId'> & { timeline: AttemptTimeline }) {
  const { t } = useTranslation('integrity');
  const { attempt, counts, flags } = timeline;
  // Older answers say nothing: the review page is only offered to reviewers.
  const mayReview = timeline.mayReview !== false;
  const [current, setCurrent] = useState<string | null>(() => firstFlag(flags)?.eventId ?? null);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ eventId: string; decision: FlagDecisionKind } | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; n: number } | null>(null);
  const cards = useRef(new Map<string, HTMLElement>());
  const noteFields = useRef(new Map<string, HTMLInputElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const decide = useDecideFlag(attempt.id);

  const focusOn = (target: FocusTarget) => setFocusRequest((r) => ({ target, n: (r?.n ?? 0) + 1 }));

  // Opened from the keyboard: into the attempt, at the flag to look at first (a DOM focus, no state).
  useEffect(() => {
    if (focusToken === 0) return;
    const first = firstFlag(flags);
    (first ? cards.current.get(first.eventId) : heading.current)?.focus();
    // Only a new token asks for focus; the flags changing under it do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusToken]);

  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target.kind === 'flag') cards.current.get(target.eventId)?.focus();
    else if (target.kind === 'outcome') (outcomeBox.current?.querySelector<HTMLInputElement>('input:checked') ?? outcomeBox.current?.querySelector('input'))?.focus();
    else heading.current?.focus();
  }, [focusRequest]);

  const moveTo = (flag: ReviewFlag | undefined) => {
    if (!flag) {
      announce(t('flags.noneUndecided'));
      return;
    }
    setCurrent(flag.eventId);
    focusOn({ kind: 'flag', eventId: flag.eventId });
  };

  const runDecision = (eventId: string, decision: FlagDecisionKind) => {
    const flag = flags.find((f) => f.eventId === eventId);
    if (!flag || pending) return;
    const note = (notes[eventId] ?? '').trim();
    setPending({ eventId, decision });
    decide.mutate(
      { eventId, input: { decision, ...(note ? { note } : {}) } },
      {
        onSuccess: (result) => {
          setNotes((n) => ({ ...n, [eventId]: '' }));
          const after = flags.map((f) => (f.eventId === eventId ? { ...f, decision } : f));
          const next = nextUndecided(after, eventId);
          const left = after.filter((f) => f.decision === null).length;
          const done = t(`flags.decided.${decision}`, { what: flagWhat(flag, t) });
          if (next) {
            announce(`${done} ${t('flags.left', { count: left })}`);
            setCurrent(next.eventId);
            focusOn({ kind: 'flag', eventId: next.eventId });
          } else if (result.integrityState === 'confirmed' && !result.outcome) {
            announce(`${done} ${t('flags.chooseOutcome')}`);
            focusOn({ kind: 'outcome' });
          } else {
            announce(`${done} ${t('flags.noneLeft')}`);
            onDone();
          }
        },
        onError: (error) => notifyError(t('flags.failed', { reason: errorMessage(error) })),
        onSettled: () => setPending(null),
      },
    );
  };

  // The only undecided flag left is the one in hand: n / p stay on it (and bring focus back to it).
  const here = flags.find((f) => f.eventId === current && f.decision === null);
  const keys: Record<string, () => void> = {
    n: () => moveTo(nextUndecided(flags, current, 1) ?? here),
    p: () => moveTo(nextUndecided(flags, current, -1) ?? here),
  };
  if (mayReview && current) {
    keys.c = () => runDecision(current, 'confirm');
    keys.d = () => runDecision(current, 'dismiss');
    keys.e = () => noteFields.current.get(current)?.focus();
  }
  useShortcuts(keys);

  const section = attempt.student.section ? t('queue.section', { section: attempt.student.section }) : t('queue.noSection');
  return (
    <Stack gap="md" data-testid="attempt-panel">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={2} size="h3" ref={heading} tabIndex={-1} className="mantine-focus-auto" data-testid="attempt-heading">
            {attempt.student.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[section, t('attempt.started', { time: formatDateTimeText(attempt.startedAt) }), attempt.submitReason && enumLabel('submitReasons', attempt.submitReason)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          <Badge color={STATE_COLOR[attempt.integrityState]} variant="light" size="lg" data-testid="attempt-state">
            {stateText(attempt.integrityState)}
          </Badge>
          {attempt.outcome && (
            <Badge color="gray" variant="outline" size="lg">
              {outcomeText(attempt.outcome)}
            </Badge>
          )}
        </Group>
      </Group>

      <DetailList
        cols={4}
        items={[
          { label: t('counts.flags'), value: formatNumber(counts.flags) },
          { label: t('counts.undecided'), value: formatNumber(counts.undecided) },
          { label: t('counts.confirmed'), value: formatNumber(counts.confirmed) },
          { label: t('counts.dismissed'), value: formatNumber(counts.dismissed) },
          { label: t('counts.reconnects'), value: formatNumber(counts.reconnects) },
          { label: t('counts.offline'), value: spanText(counts.offlineMs) },
          { label: t('counts.saves'), value: formatNumber(counts.saves) },
          { label: t('counts.messages'), value: formatNumber(counts.messages) },
        ]}
      />

      <ReportButtons label={t('reports.attempt')} download={(format) => integrityApi.attemptReport(attempt.id, format)} />

      <Section title={t('flags.title')} order={3}>
        {flags.length === 0 ? (
          <Alert color="green" variant="light">
            {t('flags.none')}
          </Alert>
        ) : (
          <Stack gap="sm">
            {flags.map((flag, i) => (
              <FlagCard
                key={flag.eventId}
                flag={flag}
                number={i + 1}
                total={flags.length}
                mayDecide={mayReview}
                current={flag.eventId === current}
                note={notes[flag.eventId] ?? ''}
                onNote={(note) => setNotes((n) => ({ ...n, [flag.eventId]: note }))}
                onDecide={(decision) => runDecision(flag.eventId, decision)}
                pending={pending?.eventId === flag.eventId ? pending.decision : null}
                onFocusFlag={() => setCurrent(flag.eventId)}
                cardRef={(el) => {
                  if (el) cards.current.set(flag.eventId, el);
                  else cards.current.delete(flag.eventId);
                }}
                noteRef={(el) => {
                  if (el) noteFields.current.set(flag.eventId, el);
                  else noteFields.current.delete(flag.eventId);
                }}
              />
            ))}
          </Stack>
        )}
      </Section>

      {mayReview && attempt.integrityState === 'confirmed' && (
        <OutcomeForm timeline={timeline} defaultOutcome={defaultOutcome} groupRef={outcomeBox} onSaved={(o) => announce(t('outcome.saved', { outcome: outcomeText(o) }))} />
      )}

      <TimelineView timeline={timeline} order={3} />
    </Stack>
  );
}

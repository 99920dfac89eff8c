import { INTEGRITY_STATES, type IntegrityState, type ReviewQueueItem } from '@exam/shared';
import { Alert, Box, Button, Grid, Group, NativeSelect, Paper, SimpleGrid, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { StatCard } from '../../components/StatCard';
import { formatNumber } from '../../i18n/format';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFilterParams } from '../../lib/useFilterParams';
import { integrityApi } from './api';
import { AttemptPanel } from './AttemptPanel';
import { useReviewQueue } from './hooks';
import { KeysDialog } from './KeysDialog';
import { stateText } from './labels';
import { ReportButtons } from './ReportButtons';
import { ReviewQueueList } from './ReviewQueueList';
import { useShortcuts } from './shortcuts';
import { useStableOrder } from './stableOrder';

const FILTERS = { state: '', mine: '' };
const NO_ITEMS: ReviewQueueItem[] = [];
const attemptIdOf = (item: ReviewQueueItem) => item.attemptId;
const isState = (v: string): v is IntegrityState => (INTEGRITY_STATES as readonly string[]).includes(v);

/** The attempt after the open one that still has undecided flags, else simply the next one. */
export function nextToReview(items: readonly ReviewQueueItem[], openId: string | null): ReviewQueueItem | undefined {
  const at = items.findIndex((i) => i.attemptId === openId);
  const after = items.slice(at + 1);
  return after.find((i) => i.undecided > 0) ?? after[0];
}

/**
 * /exam/{examId}/review (the exam's reviewers): the summary, the queue as the server orders it
 * (undecided flags first) and, beside it, the attempt being reviewed. The whole review works from
 * the keyboard (? lists the keys); the filters and the open attempt live in the address, so a
 * link can open one attempt and a reload keeps the place.
 */
export function ReviewPage() {
  const { t } = useTranslation('integrity');
  useDocumentTitle(t('page.title'));
  const { examId = '' } = useParams();
  const { values, setFilter, clear, filtered } = useFilterParams(FILTERS);
  const [params, setParams] = useSearchParams();
  const state = isState(values.state) ? values.state : undefined;
  const mine = values.mine === 'true';
  const queue = useReviewQueue(examId, { state, mine });
  const openId = params.get('attempt');
  const [focusToken, setFocusToken] = useState(0);
  const [keysShown, setKeysShown] = useState(false);
  const [said, setSaid] = useState({ text: '', n: 0 });
  const announce = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);

  const items = useStableOrder(queue.data?.items ?? NO_ITEMS, attemptIdOf, `${state ?? ''}|${mine}`);
  const open = useCallback(
    (attemptId: string, viaKeys: boolean) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('attempt', attemptId);
          return next;
        },
        { replace: true },
      );
      setFocusToken((n) => (viaKeys ? n + 1 : 0));
    },
    [setParams],
  );
  const step = (by: 1 | -1) => {
    const at = items.findIndex((i) => i.attemptId === openId);
    const target = items[at < 0 ? 0 : at + by];
    if (target) open(target.attemptId, true);
    else announce(t(by > 0 ? 'queue.atEnd' : 'queue.atStart'));
  };
  const onDone = () => {
    const next = nextToReview(items, openId);
    if (next) open(next.attemptId, true);
    else announce(t('queue.allDone'));
  };
  const backToQueue = () => document.querySelector<HTMLElement>('[role="listbox"] [role="option"][tabindex="0"]')?.focus();

  useShortcuts({ '?': () => setKeysShown(true), ']': () => step(1), '[': () => step(-1), Escape: backToQueue }, !keysShown);

  if (queue.isPending) return <PageLoader label={t('page.loading')} />;
  if (queue.isError) {
    const status = queue.error instanceof ApiError ? queue.error.status : 0;
    return (
      <Box py="lg">
        {status === 404 || status === 403 ? (
          <Alert color="gray" title={t(status === 404 ? 'page.notFound' : 'page.forbidden')} />
        ) : (
          <LoadError message={t('page.loadFailed')} onRetry={() => void queue.refetch()} />
        )}
      </Box>
    );
  }

  const { exam, summary } = queue.data;
  const stateOptions = [{ value: '', label: t('filters.allStates') }, ...INTEGRITY_STATES.map((s) => ({ value: s, label: stateText(s) }))];
  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} size="h2">
              {t('page.heading', { title: exam.title })}
            </Title>
            <Text c="dimmed" size="sm">
              {exam.waitsForReview ? t('page.waits') : t('page.doesNotWait')}
            </Text>
          </div>
          <Group gap="sm">
            <ReportButtons label={t('reports.summary')} download={(format) => integrityApi.examSummary(exam.id, format)} />
            <Button variant="subtle" size="xs" leftSection={<IconKeyboard size={16} />} onClick={() => setKeysShown(true)} aria-keyshortcuts="?">
              {t('keys.button')}
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 5 }} aria-label={t('summary.label')} role="group">
          <StatCard label={t('summary.attempts')} value={formatNumber(summary.attempts)} />
          <StatCard label={t('summary.needsReview')} value={formatNumber(summary.needsReview)} />
          <StatCard label={t('summary.confirmed')} value={formatNumber(summary.confirmed)} />
          <StatCard label={t('summary.clear')} value={formatNumber(summary.clear)} />
          <StatCard label={t('summary.held')} value={formatNumber(summary.held)} />
        </SimpleGrid>

        <Group role="search" aria-label={t('filters.label')} align="flex-end" gap="lg">
          <NativeSelect label={t('filters.state')} data={stateOptions} value={state ?? ''} onChange={(e) => setFilter('state', e.currentTarget.value)} />
          <Switch label={t('filters.mine')} description={t('filters.mineHint')} checked={mine} onChange={(e) => setFilter('mine', e.currentTarget.checked ? 'true' : '')} />
        </Group>

        <VisuallyHidden role="status" aria-live="polite" data-testid="review-announcer">
          <span key={said.n}>{said.text}</span>
        </VisuallyHidden>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            {items.length === 0 ? (
              <EmptyState title={t('queue.empty')} message={filtered ? t('queue.emptyFiltered') : t('queue.emptyNone')} onClear={filtered ? clear : undefined} />
            ) : (
              <Box aria-busy={queue.isFetching} style={{ maxHeight: '75vh', overflowY: 'auto', padding: 4 }}>
                <ReviewQueueList items={items} openId={openId} onOpen={open} />
              </Box>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md" radius="md" component="section" aria-label={t('attempt.region')}>
              {openId ? (
                <AttemptPanel attemptId={openId} defaultOutcome={exam.defaultOutcome} focusToken={focusToken} announce={announce} onDone={onDone} />
              ) : (
                <Text c="dimmed">{t('attempt.choose')}</Text>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
      <KeysDialog opened={keysShown} onClose={() => setKeysShown(false)} />
    </Box>
  );
}

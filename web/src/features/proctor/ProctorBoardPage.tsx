import { formatDateTimeText } from '../../lib/dateFormat';
import { PROCTOR_EVENTS, violationLimits, type MediaSource, type ProctorRow, type WaivableCheck } from '@exam/shared';
import { Alert, Badge, Box, Button, Grid, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessage, IconPlugConnected, IconPlugConnectedX, IconShieldCheck } from '@tabler/icons-react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNow } from '../../lib/useNow';
import { useExam } from '../exams/hooks';
import { ExtendDialog, MessageDialog } from './ActionDialogs';
import { BoardFilters } from './BoardFilters';
import { CameraTile } from './CameraTile';
import { ConfirmAction } from './ConfirmAction';
import { waivedChecks } from './boardState';
import { EventFeed, flagIdOf } from './EventFeed';
import { EvidenceDialog, type EvidenceTarget } from './EvidenceDialog';
import { eventDetailText, violationLabel } from './feed';
import { HelpRequests } from './HelpRequests';
import type { FeedItem } from './boardState';
import { HallTiles } from './HallTiles';
import { feedInScope, rowsInScope, useHallScope } from './hallScope';
import { breakRequestCount, DEFAULT_FILTER, rowView, selectRows, studentName, type BoardFilter } from './rows';
import { StudentTable, type RowActionKind } from './StudentTable';
import { TimelineDrawer } from './TimelineDrawer';
import { messageReach } from './messageReach';
import { useBreakActions } from './useBreakActions';
import { useProctorBoard } from './useProctorBoard';
import { WaiverDialog } from './WaiverDialog';

type Pending = { kind: Exclude<RowActionKind, 'camera' | 'screen' | 'waive' | 'break-grant' | 'break-refuse'>; studentKey: string } | { kind: 'message-all' } | null;

/** An open live tile: whose, and which of their streams. */
interface OpenTile {
  studentKey: string;
  source: MediaSource;
}
const tileId = (tile: OpenTile) => `${tile.studentKey}:${tile.source}`;

/** /exam/{examId}/proctor: the live board of one exam, for its owner, an admin, or a teacher added to its hall as a proctor. */
export function ProctorBoardPage() {
  const { examId = '' } = useParams();
  return <ProctorBoard key={examId} examId={examId} />;
}

function ProctorBoard({ examId }: { examId: string }) {
  const { t } = useTranslation('proctor');
  const { state, connection, failure, call, socket, dispatch } = useProctorBoard(examId);
  const exam = useExam(examId, { silent: true });
  const now = useNow(1000);
  const serverNow = now + state.offset;
  const [filter, setFilter] = useState<BoardFilter>(DEFAULT_FILTER);
  const [pending, setPending] = useState<Pending>(null);
  const [timelineOf, setTimelineOf] = useState<string | null>(null);
  const [cameras, setCameras] = useState<OpenTile[]>([]);
  const [waiverFor, setWaiverFor] = useState<{ id: string; focusCheck: WaivableCheck | null } | null>(null);
  const [evidence, setEvidence] = useState<EvidenceTarget | null>(null);
  const [busy, setBusy] = useState(false);
  // A phone has no room for the table's columns: it opens on the tiles (the table stays one tap away).
  const [view, setView] = useState<'table' | 'tiles'>(() => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 48em)').matches ? 'tiles' : 'table'));
  const [feedOpen, setFeedOpen] = useState(true);
  // A proctor given a part of a shared hall sees it by default, the whole hall on demand.
  const [scope, setScope] = useHallScope(examId);

  const proctoring = exam.data?.settings.proctoring;
  const cameraEnabled = !!proctoring?.enabled && !!proctoring.enableCamera;
  const screenEnabled = !!proctoring?.enabled && !!proctoring.screenShare?.required;
  const evidenceOn = !!proctoring?.enabled && !!proctoring.evidencePictures;

  // "Close to auto-submit" counts against this exam's own allowances.
  const tabSwitchesAllowed = proctoring?.tabSwitchesAllowed;
  const fullscreenExitsAllowed = proctoring?.fullscreenExitsAllowed;
  const limits = useMemo(() => violationLimits({ tabSwitchesAllowed, fullscreenExitsAllowed }), [tabSwitchesAllowed, fullscreenExitsAllowed]);

  const allRows = useMemo(() => [...state.rows.values()], [state.rows]);
  const part = state.part;
  const rows = useMemo(() => rowsInScope(allRows, part, scope), [allRows, part, scope]);
  const feed = useMemo(() => feedInScope(state.feed, rows === allRows ? null : rows), [state.feed, rows, allRows]);
  const waivers = state.waivers;
  const views = useMemo(
    () => selectRows(rows, filter, serverNow, limits).map((r) => rowView(r, serverNow, limits, waivedChecks({ waivers }, r.student._id))),
    [rows, filter, serverNow, limits, waivers],
  );
  const summary = useMemo(() => {
    const all = rows.map((r) => rowView(r, serverNow, limits));
    return {
      total: all.length,
      online: all.filter((v) => v.status === 'online').length,
      offline: all.filter((v) => v.status === 'offline').length,
      submitted: all.filter((v) => v.status === 'submitted').length,
      attention: all.filter((v) => v.attention.length > 0).length,
      onBreak: all.filter((v) => v.breakMark === 'on-break').length,
    };
  }, [rows, serverNow, limits]);
  const breakRequests = useMemo(() => breakRequestCount(rows, serverNow), [rows, serverNow]);
  const studentOptions = useMemo(() => rows.map((r) => ({ value: r.student._id, label: studentName(r) })).sort((a, b) => a.label.localeCompare(b.label)), [rows]);

  const tileRefs = useRef(new Map<string, HTMLElement>());
  // Read when a name or an action is asked for, so the callbacks below stay the same across updates.
  const rowsRef = useRef(state.rows);
  useLayoutEffect(() => {
    rowsRef.current = state.rows;
  }, [state.rows]);
  // A new callback when the roster itself changes (the snapshot arrives after the stored feed), so
  // the feed names the students it showed before it knew them; progress updates keep it the same.
  // (The rows of the render that made it are read too: the ref catches up only after that render.)
  const rosterSize = state.rows.size;
  const rosterRows = state.rows;
  const nameOf = useCallback(
    (studentId: string) => {
      const row = rowsRef.current.get(studentId) ?? rosterRows.get(studentId);
      return row ? studentName(row) : t('board.someone');
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new roster, not each progress update, makes a new callback
    [t, rosterSize],
  );

  const rowOf = useCallback((studentKey: string) => rowsRef.current.get(studentKey), []);
  const sendBreak = useBreakActions(call, dispatch, rowOf, setBusy);

  const onAction = useCallback((kind: RowActionKind, studentKey: string) => {
    if (kind === 'break-grant' || kind === 'break-refuse') {
      void sendBreak(studentKey, kind === 'break-grant' ? 'grant' : 'refuse');
      return;
    }
    if (kind === 'waive') {
      setWaiverFor({ id: studentKey, focusCheck: null });
      return;
    }
    if (kind === 'camera' || kind === 'screen') {
      const row = rowsRef.current.get(studentKey);
      // "View camera" always answers: a tile, a focus on the open tile, or why not.
      if (!row?.attemptId || row.status !== 'in_progress') {
        notifyError(row ? t('board.notSitting', { name: studentName(row) }) : t('board.notSittingUnknown'));
        return;
      }
      const tile: OpenTile = { studentKey, source: kind };
      setCameras((open) => (open.some((o) => tileId(o) === tileId(tile)) ? open : [...open, tile]));
      requestAnimationFrame(() => {
        const el = tileRefs.current.get(tileId(tile));
        el?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        el?.focus({ preventScroll: true });
      });
      return;
    }
    if (kind === 'timeline') {
      setTimelineOf(studentKey);
      return;
    }
    setPending({ kind, studentKey });
  }, [t, sendBreak]);

  const target = pending && pending.kind !== 'message-all' ? state.rows.get(pending.studentKey) : undefined;
  const targetName = target ? studentName(target) : '';

  /** Runs a proctor action and says how it went; the board itself updates from the server's deltas. */
  const act = async (event: string, payload: unknown, success: string | ((ack: Record<string, unknown>) => string)) => {
    setBusy(true);
    const ack = await call<Record<string, unknown>>(event, payload);
    setBusy(false);
    if (ack.ok) {
      notifySuccess(typeof success === 'string' ? success : success(ack));
      setPending(null);
    } else {
      notifyError(ack.message);
    }
  };

  const openEvidence = useCallback((item: FeedItem) => {
    const flagId = flagIdOf(item);
    if (!flagId || !item.attemptId) return;
    const kind = typeof item.detail.violation === 'string' ? violationLabel(item.detail.violation) : eventDetailText(item.type, item.detail);
    setEvidence({ attemptId: item.attemptId, flagId, flag: kind, name: nameOf(item.studentId) });
  }, [nameOf]);
  const helpRequests = useMemo(() => [...state.help.values()], [state.help]);
  const waiverRow = waiverFor ? state.rows.get(waiverFor.id) : undefined;

  const timelineRow = timelineOf ? state.rows.get(timelineOf) : undefined;
  const timelineVersion = useMemo(() => (timelineOf ? state.feed.filter((e) => e.studentId === timelineOf).length : 0), [state.feed, timelineOf]);

  if (failure && !state.exam) {
    return (
      <Box py="xl">
        <Alert color="red" title={failure.code === 'forbidden' ? t('board.forbidden') : t('board.couldNotOpen')} role="alert" data-testid="proctor-error">
          <Text>{failure.message}</Text>
          <Button mt="md" variant="light" component={Link} to="/exams">
            {t('board.backToExams')}
          </Button>
        </Alert>
      </Box>
    );
  }
  if (!state.exam) return <PageLoader label={t('board.opening')} />;

  return (
    <Box py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {t('board.title', { title: state.exam.title })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('board.meta', {
                start: formatDateTimeText(state.exam.startAt),
                end: formatDateTimeText(state.exam.endAt),
                minutes: state.exam.duration,
                count: state.exam.totalQuestions,
              })}
            </Text>
          </div>
          <Group gap="sm">
            <Badge
              size="lg"
              variant="light"
              color={connection === 'live' ? 'green' : 'orange'}
              leftSection={connection === 'live' ? <IconPlugConnected size={14} aria-hidden /> : <IconPlugConnectedX size={14} aria-hidden />}
              role="status"
              data-testid="board-connection"
              style={{ textTransform: 'none' }}
            >
              {connection === 'live' ? t('board.live') : t('board.reconnecting')}
            </Badge>
            <Button leftSection={<IconMessage size={16} aria-hidden />} onClick={() => setPending({ kind: 'message-all' })}>
              {t('board.messageAll')}
            </Button>
            {/* A proctor of a shared hall who does not review has no review to open. */}
            {exam.data?.myRole !== 'proctor' && (
              <Button variant="default" leftSection={<IconShieldCheck size={16} aria-hidden />} component={Link} to={`/exam/${examId}/review`}>
                {t('board.review')}
              </Button>
            )}
          </Group>
        </Group>

        <Group gap="xs" aria-label={t('board.summaryLabel')} role="group">
          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
            {t('board.summary.total', { count: summary.total })}
          </Badge>
          <Badge variant="outline" color="green" style={{ textTransform: 'none' }}>
            {t('board.summary.online', { count: summary.online })}
          </Badge>
          <Badge variant="outline" color="orange" style={{ textTransform: 'none' }}>
            {t('board.summary.offline', { count: summary.offline })}
          </Badge>
          <Badge variant="outline" color="blue" style={{ textTransform: 'none' }}>
            {t('board.summary.submitted', { count: summary.submitted })}
          </Badge>
          <Badge variant="outline" color="red" style={{ textTransform: 'none' }} data-testid="attention-count">
            {t('board.summary.attention', { count: summary.attention })}
          </Badge>
          {summary.onBreak > 0 && (
            <Badge variant="outline" color="cyan" style={{ textTransform: 'none' }} data-testid="on-break-count">
              {t('board.summary.onBreak', { count: summary.onBreak })}
            </Badge>
          )}
        </Group>

        {cameras.length > 0 && (
          <Paper withBorder p="sm" component="section" aria-label={t('board.cameras')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              {cameras.map((tile) => {
                const row = state.rows.get(tile.studentKey);
                if (!row?.attemptId) return null;
                const key = tileId(tile);
                return (
                  <CameraTile
                    key={key}
                    ref={(el) => {
                      if (el) tileRefs.current.set(key, el);
                      else tileRefs.current.delete(key);
                    }}
                    source={tile.source}
                    socket={socket}
                    examId={examId}
                    attemptId={row.attemptId}
                    name={studentName(row)}
                    presence={{ inProgress: row.status === 'in_progress', online: row.online, lastSeenAt: row.lastSeenAt }}
                    serverNow={serverNow}
                    onClose={() => setCameras((open) => open.filter((o) => tileId(o) !== key))}
                  />
                );
              })}
            </SimpleGrid>
          </Paper>
        )}

        <HelpRequests
          requests={helpRequests}
          nameOf={nameOf}
          onWaive={(studentId, check) => setWaiverFor({ id: studentId, focusCheck: check })}
          onResolved={(request) => dispatch({ type: 'help', request })}
        />

        {/* The feed sits beside the students only on screens wider than a laptop's; it can be hidden. */}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xl: feedOpen ? 9 : 12 }}>
            <Paper withBorder p="md" component="section" aria-labelledby="students-title">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4" id="students-title">
                    {t('board.students')}
                  </Title>
                  <Group gap="xs">
                    {part && (
                      <SegmentedControl
                        size="xs"
                        aria-label={t('staff:board.scopeLabel')}
                        value={scope}
                        onChange={(v) => setScope(v === 'all' ? 'all' : 'part')}
                        data={[
                          { value: 'part', label: t('staff:board.myPart') },
                          { value: 'all', label: t('staff:board.wholeHall') },
                        ]}
                        data-testid="hall-scope"
                      />
                    )}
                    <SegmentedControl
                      size="xs"
                      aria-label={t('board.viewLabel')}
                      value={view}
                      onChange={(v) => setView(v === 'tiles' ? 'tiles' : 'table')}
                      data={[
                        { value: 'table', label: t('board.viewTable') },
                        { value: 'tiles', label: t('board.viewTiles') },
                      ]}
                    />
                    <Button size="xs" variant="default" aria-expanded={feedOpen} onClick={() => setFeedOpen((o) => !o)}>
                      {feedOpen ? t('board.hideEvents') : t('board.showEvents')}
                    </Button>
                  </Group>
                </Group>
                <BoardFilters value={filter} onChange={setFilter} breakRequests={breakRequests} />
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('board.showing', { shown: views.length, total: rows.length })}
                </Text>
                {view === 'tiles' ? <HallTiles views={views} onAction={onAction} socket={socket} examId={examId} clockOffset={state.offset} /> : <StudentTable views={views} cameraEnabled={cameraEnabled} screenEnabled={screenEnabled} clockOffset={state.offset} onAction={onAction} />}
              </Stack>
            </Paper>
          </Grid.Col>
          {feedOpen && (
            <Grid.Col span={{ base: 12, xl: 3 }}>
              <EventFeed
                items={feed}
                students={studentOptions}
                nameOf={nameOf}
                onOpenStudent={(id) => setTimelineOf(id)}
                onOpenEvidence={evidenceOn ? openEvidence : undefined}
              />
            </Grid.Col>
          )}
        </Grid>
      </Stack>

      <WaiverDialog
        examId={examId}
        student={waiverFor ? { id: waiverFor.id, name: waiverRow ? studentName(waiverRow) : t('board.someone') } : null}
        waived={(waiverFor && state.waivers.get(waiverFor.id)) || NO_WAIVERS}
        focusCheck={waiverFor?.focusCheck}
        onChanged={(waiver) => dispatch({ type: 'waiver', waiver, at: new Date().toISOString() })}
        onClose={() => setWaiverFor(null)}
      />
      <EvidenceDialog target={evidence} onClose={() => setEvidence(null)} />

      <TimelineDrawerHost row={timelineRow} version={timelineVersion} call={call} onClose={() => setTimelineOf(null)} />

      <MessageDialog
        opened={pending?.kind === 'message' || pending?.kind === 'message-all'}
        recipient={pending?.kind === 'message' ? targetName : null}
        busy={busy}
        onCancel={() => setPending(null)}
        onSend={(text) =>
          void act(PROCTOR_EVENTS.message, { examId, attemptId: pending?.kind === 'message' ? (target?.attemptId ?? undefined) : undefined, text }, messageReach)
        }
      />
      <ExtendDialog
        opened={pending?.kind === 'extend'}
        name={targetName}
        busy={busy}
        onCancel={() => setPending(null)}
        onExtend={(minutes) => void act(PROCTOR_EVENTS.extend, { attemptId: target?.attemptId, minutes }, t('board.extended', { name: targetName, count: minutes }))}
      />
      <ConfirmAction
        opened={pending?.kind === 'submit'}
        title={t('board.submitTitle', { name: targetName })}
        message={t('board.submitMessage', { name: targetName })}
        confirmLabel={t('board.forceSubmit')}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void act(PROCTOR_EVENTS.submit, { attemptId: target?.attemptId }, t('board.submitted', { name: targetName }))}
      />
      <ConfirmAction
        opened={pending?.kind === 'reinstate'}
        title={t('board.reinstateTitle', { name: targetName })}
        message={t('board.reinstateMessage', { name: targetName })}
        confirmLabel={t('board.reinstate')}
        color="blue"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void act(PROCTOR_EVENTS.reinstate, { attemptId: target?.attemptId }, t('board.reinstated', { name: targetName }))}
      />
      <ConfirmAction
        opened={pending?.kind === 'break-end'}
        title={t('board.endBreakTitle', { name: targetName })}
        message={t('board.endBreakMessage', { name: targetName })}
        confirmLabel={t('row.break.end')}
        color="blue"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind !== 'break-end') return;
          void sendBreak(pending.studentKey, 'end').then((done) => done && setPending(null));
        }}
      />
    </Box>
  );
}

const NO_WAIVERS: ReadonlyMap<WaivableCheck, string | null> = new Map();

function TimelineDrawerHost({ row, version, call, onClose }: { row: ProctorRow | undefined; version: number; call: ReturnType<typeof useProctorBoard>['call']; onClose: () => void }) {
  return <TimelineDrawer attemptId={row?.attemptId ?? null} name={row ? studentName(row) : ''} version={version} call={call} onClose={onClose} />;
}

import { ActionIcon, Anchor, Badge, Button, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCoffee, IconChevronDown, IconChevronRight, IconCircleCheck, IconCircleDashed, IconDotsVertical, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../components/PersonAvatar';
import { AccommodationTag } from '../accommodations/AccommodationBadge';
import { SebBadge } from '../seb/SebBadge';
import { BreakCountdown } from './BreakCountdown';
import { attentionText, sameView, type RowView, type StatusKey } from './rows';
import { layoutRows, visibleWindow } from './windowing';

export type RowActionKind = 'timeline' | 'message' | 'extend' | 'submit' | 'reinstate' | 'camera' | 'screen' | 'waive' | 'break-grant' | 'break-refuse' | 'break-end';

interface StudentTableProps {
  views: RowView[];
  cameraEnabled: boolean;
  /** The exam asks for the whole screen to be shared: a proctor may open it live. */
  screenEnabled?: boolean;
  /** Server clock minus ours: a break's countdown reads the server's time. */
  clockOffset?: number;
  /** Stable across renders: rows are memoised and must not re-render for a new callback. */
  onAction: (kind: RowActionKind, studentKey: string) => void;
}

export const STATUS_STYLE: Record<StatusKey, { color: string; icon: React.ReactNode }> = {
  'not-started': { color: 'gray', icon: <IconCircleDashed size={14} aria-hidden /> },
  online: { color: 'green', icon: <IconWifi size={14} aria-hidden /> },
  offline: { color: 'orange', icon: <IconWifiOff size={14} aria-hidden /> },
  submitted: { color: 'blue', icon: <IconCircleCheck size={14} aria-hidden /> },
};

/** Fixed heights keep the windowing exact: two lines of wrapped status or attention fit a row. */
export const ROW_HEIGHT = 60;
export const DETAIL_HEIGHT = 44;
const VIEWPORT_FALLBACK = 600;

/*
 * Widths that fit a 1366-px laptop inside the page (about 1,070 px): the least useful columns
 * (last save, last activity, violations by type) live in the row's detail.
 */
const COLUMNS: { key: string; hidden?: boolean; width: number }[] = [
  { key: 'details', hidden: true, width: 36 },
  { key: 'student', width: 170 },
  { key: 'status', width: 200 },
  { key: 'answered', width: 84 },
  { key: 'timeLeft', width: 96 },
  { key: 'saves', width: 92 },
  { key: 'violations', width: 92 },
  { key: 'attention', width: 196 },
  { key: 'actions', hidden: true, width: 52 },
];
export const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

const ATTENTION_STYLE = { background: 'var(--mantine-color-red-light)', boxShadow: 'inset 4px 0 0 var(--mantine-color-red-filled)' };
/** A request waits for an answer: it stands out even among rows that need attention. */
const ASKS_FOR_BREAK_STYLE = { background: 'var(--mantine-color-yellow-light)', boxShadow: 'inset 4px 0 0 var(--mantine-color-yellow-filled)' };

const wrapLabel = { root: { height: 'auto', minHeight: 20, maxWidth: '100%' }, label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip' } } as const;

/**
 * Every student of the exam, one memoised row each, windowed: only the rows in view (and a few
 * either side) are in the DOM, so 300 rows updating every second stay cheap.
 */
export function StudentTable({ views, cameraEnabled, screenEnabled = false, clockOffset = 0, onAction }: StudentTableProps) {
  const { t } = useTranslation('proctor');
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(VIEWPORT_FALLBACK);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || VIEWPORT_FALLBACK);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scroller.current?.scrollTop ?? 0));
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const toggle = useCallback((key: string) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  const layout = useMemo(() => layoutRows(views.length, (i) => ROW_HEIGHT + (expanded.has(views[i]!.key) ? DETAIL_HEIGHT : 0)), [views, expanded]);
  const win = visibleWindow(layout, scrollTop, viewport);

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      data-testid="proctor-table-scroller"
      style={{ maxHeight: 'max(320px, calc(100vh - 160px))', overflowY: 'auto', overflowX: 'auto' }}
    >
      <Table highlightOnHover verticalSpacing={4} horizontalSpacing={6} data-testid="proctor-table" aria-rowcount={views.length + 1} style={{ tableLayout: 'fixed', width: '100%', minWidth: TABLE_WIDTH }}>
        <colgroup>
          {COLUMNS.map((c, i) => (
            <col key={i} style={{ width: c.width }} />
          ))}
        </colgroup>
        <Table.Thead style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c.key} scope="col" style={{ whiteSpace: 'nowrap' }}>
                {c.hidden ? <VisuallyHidden>{t(`table.${c.key}`)}</VisuallyHidden> : t(`table.${c.key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {win.padTop > 0 && <tr aria-hidden style={{ height: win.padTop }} />}
          {views.slice(win.start, win.end).map((v, i) => (
            <StudentRow key={v.key} index={win.start + i} view={v} cameraEnabled={cameraEnabled} screenEnabled={screenEnabled} clockOffset={clockOffset} expanded={expanded.has(v.key)} onToggle={toggle} onAction={onAction} />
          ))}
          {win.padBottom > 0 && <tr aria-hidden style={{ height: win.padBottom }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

interface StudentRowProps {
  index: number;
  view: RowView;
  cameraEnabled: boolean;
  screenEnabled: boolean;
  clockOffset: number;
  expanded: boolean;
  onToggle: (key: string) => void;
  onAction: StudentTableProps['onAction'];
}

const StudentRow = memo(
  function StudentRow({ index, view, cameraEnabled, screenEnabled, clockOffset, expanded, onToggle, onAction }: StudentRowProps) {
    // Its own hook: a memoised row still follows a change of language.
    const { t } = useTranslation('proctor');
    const attention = view.attention.length > 0;
    const asksForBreak = view.breakMark === 'requested';
    const style = STATUS_STYLE[view.status];
    const detailId = `detail-${view.key}`;
    return (
      <>
        <Table.Tr
          data-testid="proctor-row"
          data-student={view.name}
          data-attention={attention ? 'true' : 'false'}
          data-break={view.breakMark}
          aria-rowindex={index + 2}
          style={{ height: ROW_HEIGHT, ...(asksForBreak ? ASKS_FOR_BREAK_STYLE : attention ? ATTENTION_STYLE : {}) }}
        >
          <Table.Td>
            <ActionIcon variant="subtle" size="sm" aria-expanded={expanded} aria-controls={expanded ? detailId : undefined} aria-label={t('table.detailsOf', { name: view.name })} onClick={() => onToggle(view.key)}>
              {expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            </ActionIcon>
          </Table.Td>
          <Table.Td style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={view.name}>
            <Group gap="xs" wrap="nowrap">
              <PersonAvatar person={view} size={28} data-testid="proctor-avatar" />
              {view.attemptId ? (
                <Anchor component="button" type="button" onClick={() => onAction('timeline', view.key)} aria-label={t('table.timelineOf', { name: view.name })} fw={600} style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {view.name}
                </Anchor>
              ) : (
                <Text fw={600} truncate="end">
                  {view.name}
                </Text>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Stack gap={2} align="flex-start">
              <Badge color={style.color} variant="light" leftSection={style.icon} data-testid="row-status" styles={wrapLabel} style={{ textTransform: 'none' }}>
                {view.statusText}
              </Badge>
              {(view.inSeb || view.accommodationText) && (
                <Group gap={2} wrap="nowrap">
                  {view.inSeb && <SebBadge />}
                  {view.accommodationText && <AccommodationTag size="xs" text={view.accommodationText} details={view.accommodationDetails} />}
                </Group>
              )}
            </Stack>
          </Table.Td>
          <Table.Td data-testid="row-progress">{view.progressText}</Table.Td>
          <Table.Td data-testid="row-time-left">{view.timeLeftText}</Table.Td>
          <Table.Td data-testid="row-saves">{view.saveText}</Table.Td>
          <Table.Td>
            {/* Tab switches · fullscreen exits · other, named for screen readers and in the detail. */}
            <Text size="sm" component="span" title={t('table.violationsTitle')}>
              <VisuallyHidden>{t('table.tabSwitchesHidden')}</VisuallyHidden>
              <span data-testid="row-tab-switches">{view.tabSwitches}</span>
              <span aria-hidden> · </span>
              <VisuallyHidden>{t('table.fullscreenExitsHidden')}</VisuallyHidden>
              <span data-testid="row-fullscreen-exits">{view.fullscreenExits}</span>
              <span aria-hidden> · </span>
              <VisuallyHidden>{t('table.otherHidden')}</VisuallyHidden>
              <span data-testid="row-other-violations">{view.otherViolations}</span>
            </Text>
          </Table.Td>
          <Table.Td data-testid="row-attention">
            {attention || view.flags > 0 || view.waivedText || view.breakMark !== 'none' || view.pausedText ? (
              <Group gap={2}>
                <BreakMarks view={view} clockOffset={clockOffset} onAction={onAction} />
                {view.attention.map((reason) => (
                  <Badge key={reason} size="xs" color="red" variant="filled" leftSection={<IconAlertTriangle size={10} aria-hidden />} styles={wrapLabel} style={{ textTransform: 'none' }}>
                    {attentionText(reason)}
                  </Badge>
                ))}
                {view.flags > 0 && (
                  <Badge size="xs" color="orange" variant="light" styles={wrapLabel} style={{ textTransform: 'none' }} title={t('table.flagsTitle')} data-testid="row-flags">
                    {t('row.flags', { count: view.flags })}
                  </Badge>
                )}
                {view.waivedText && (
                  <Badge size="xs" color="gray" variant="outline" styles={wrapLabel} style={{ textTransform: 'none' }} data-testid="row-waived">
                    {view.waivedText}
                  </Badge>
                )}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={t('table.actionsFor', { name: view.name })}>
                  <IconDotsVertical size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {view.attemptId && <Menu.Item onClick={() => onAction('timeline', view.key)}>{t('table.viewTimeline')}</Menu.Item>}
                {view.inProgress && (
                  <>
                    <Menu.Item onClick={() => onAction('message', view.key)}>{t('table.sendMessage')}</Menu.Item>
                    <Menu.Item onClick={() => onAction('extend', view.key)}>{t('table.extendTime')}</Menu.Item>
                    {cameraEnabled && <Menu.Item onClick={() => onAction('camera', view.key)}>{t('table.viewCamera')}</Menu.Item>}
                    {screenEnabled && <Menu.Item onClick={() => onAction('screen', view.key)}>{t('table.viewScreen')}</Menu.Item>}
                    {asksForBreak && (
                      <>
                        <Menu.Item onClick={() => onAction('break-grant', view.key)}>{t('row.break.allow')}</Menu.Item>
                        <Menu.Item onClick={() => onAction('break-refuse', view.key)}>{t('row.break.refuseBreak')}</Menu.Item>
                      </>
                    )}
                    {view.breakMark === 'on-break' && <Menu.Item onClick={() => onAction('break-end', view.key)}>{t('row.break.end')}</Menu.Item>}
                    <Menu.Item color="red" onClick={() => onAction('submit', view.key)}>
                      {t('table.forceSubmit')}
                    </Menu.Item>
                  </>
                )}
                {view.canReinstate && <Menu.Item onClick={() => onAction('reinstate', view.key)}>{t('table.reinstate')}</Menu.Item>}
                <Menu.Item onClick={() => onAction('waive', view.key)}>{t('table.waiveChecks')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Table.Td>
        </Table.Tr>
        {expanded && (
          <Table.Tr id={detailId} data-testid="row-detail" style={{ height: DETAIL_HEIGHT }}>
            <Table.Td />
            <Table.Td colSpan={COLUMNS.length - 1}>
              <Text size="sm" c="dimmed">
                {t('table.detail', {
                  lastSave: view.lastSaveText,
                  lastActivity: view.lastActivityText,
                  tabSwitches: view.tabSwitches,
                  fullscreenExits: view.fullscreenExits,
                  other: view.otherViolations,
                })}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </>
    );
  },
  (a, b) => a.index === b.index && a.clockOffset === b.clockOffset && a.expanded === b.expanded && a.cameraEnabled === b.cameraEnabled && a.screenEnabled === b.screenEnabled && a.onAction === b.onAction && a.onToggle === b.onToggle && sameView(a.view, b.view),
);

/**
 * A student's rest break on their row: a request with its answers, a break under way with its
 * countdown, and the time paused so far.
 */
function BreakMarks({ view, clockOffset, onAction }: { view: RowView; clockOffset: number; onAction: StudentTableProps['onAction'] }) {
  const { t } = useTranslation('proctor');
  return (
    <>
      {view.breakMark === 'requested' && (
        <>
          <Badge size="xs" color="yellow" variant="filled" leftSection={<IconCoffee size={10} aria-hidden />} styles={wrapLabel} style={{ textTransform: 'none' }} data-testid="row-break-request">
            {t('row.break.asks')}
          </Badge>
          <Button size="compact-xs" color="green" onClick={() => onAction('break-grant', view.key)} aria-label={t('row.break.allowFor', { name: view.name })}>
            {t('row.break.allow')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => onAction('break-refuse', view.key)} aria-label={t('row.break.refuseFor', { name: view.name })}>
            {t('row.break.refuse')}
          </Button>
        </>
      )}
      {view.breakMark === 'on-break' && view.breakEndsAt !== null && (
        <Badge size="xs" color="cyan" variant="light" leftSection={<IconCoffee size={10} aria-hidden />} styles={wrapLabel} style={{ textTransform: 'none' }} data-testid="row-on-break">
          <BreakCountdown endsAt={view.breakEndsAt} offset={clockOffset} />
        </Badge>
      )}
      {view.breakMark === 'on-break' && (
        <Button size="compact-xs" variant="default" onClick={() => onAction('break-end', view.key)} aria-label={t('row.break.endFor', { name: view.name })}>
          {t('row.break.end')}
        </Button>
      )}
      {view.pausedText && (
        <Badge size="xs" color="gray" variant="light" styles={wrapLabel} style={{ textTransform: 'none' }} data-testid="row-paused">
          {view.pausedText}
        </Badge>
      )}
    </>
  );
}

import { Box, Text, UnstyledButton } from '@mantine/core';
import { IconCoffee, IconLock } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSocket } from '../../api/socket';
import { BreakCountdown } from './BreakCountdown';
import { attentionText, sameView, type RowView } from './rows';
import type { RowActionKind } from './StudentTable';
import { useHallThumbs } from './useHallThumbs';
import { tileGrid } from './windowing';

const GAP = 4;

const STATUS_COLOR: Record<RowView['status'], string> = {
  'not-started': 'var(--mantine-color-gray-light)',
  online: 'var(--mantine-color-green-light)',
  offline: 'var(--mantine-color-orange-light)',
  submitted: 'var(--mantine-color-blue-light)',
};
const SAVE_COLOR: Record<RowView['saveHealth'], string> = {
  saved: 'var(--mantine-color-green-filled)',
  waiting: 'var(--mantine-color-orange-filled)',
  unknown: 'var(--mantine-color-gray-5)',
  none: 'transparent',
};

/**
 * The whole hall at a glance: one small tile per student (status colour, name, answered, time
 * left, save health), sized so every tile fits in one screen. Given the board's socket, each tile
 * also shows the student's latest camera picture (a few seconds old), and clicking it opens the
 * large live camera; without a picture a click opens the timeline.
 */
export function HallTiles({
  views,
  onAction,
  socket = null,
  examId,
  clockOffset = 0,
}: {
  views: RowView[];
  onAction: (kind: RowActionKind, studentKey: string) => void;
  socket?: AppSocket | null;
  examId?: string;
  /** Server clock minus ours, for a break's countdown. */
  clockOffset?: number;
}) {
  const { t } = useTranslation('proctor');
  // Mounted only while the tile view is shown, so being mounted is the wish for pictures.
  const thumbs = useHallThumbs(socket, examId, true);
  const box = useRef<HTMLUListElement>(null);
  const [space, setSpace] = useState({ width: 1000, height: 600 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // The grid is brought to the top of the screen, so it may use the window's height.
    const measure = () => setSpace({ width: el.clientWidth || 1000, height: Math.max(240, window.innerHeight - 24) });
    measure();
    el.scrollIntoView?.({ block: 'start' });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const grid = tileGrid(space.width, space.height, views.length, GAP);
  const small = grid.width < 96;

  return (
    <Box
      ref={box}
      component="ul"
      aria-label={t('tiles.label')}
      data-testid="hall-tiles"
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: GAP, gridTemplateColumns: `repeat(auto-fill, ${grid.width}px)`, gridAutoRows: grid.height }}
    >
      {views.map((v) => (
        <HallTile key={v.key} view={v} small={small} clockOffset={clockOffset} onAction={onAction} thumb={v.attemptId ? thumbs.get(v.attemptId) : undefined} />
      ))}
    </Box>
  );
}

const HallTile = memo(
  function HallTile({ view, small, clockOffset, onAction, thumb }: { view: RowView; small: boolean; clockOffset: number; onAction: (kind: RowActionKind, studentKey: string) => void; thumb?: string }) {
    const { t } = useTranslation('proctor');
    const attention = view.attention.length > 0;
    const asksForBreak = view.breakMark === 'requested';
    // The name starts with what the tile shows, in its order (WCAG 2.5.3, label in name): a
    // speech-input user says what they see; the details a reader needs follow.
    const label = [
      `${view.name} ${view.progressShort} ${view.timeLeftShort}`,
      view.statusText,
      t('tiles.answered', { progress: view.progressText }),
      view.timeLeftText,
      t('tiles.saves', { saves: view.saveText }),
      ...view.attention.map(attentionText),
      ...(view.flags > 0 ? [t('row.flags', { count: view.flags })] : []),
      ...(view.waivedText ? [view.waivedText] : []),
      ...(view.inSeb ? [t('seb:board.badge')] : []),
      ...(asksForBreak ? [t('row.break.asks')] : view.breakMark === 'on-break' ? [t('row.break.onBreakShort')] : []),
      ...(view.pausedText ? [view.pausedText] : []),
    ].join(', ');
    return (
      <li data-testid="hall-tile" data-student={view.name} data-status={view.status} data-attention={attention ? 'true' : 'false'} data-break={view.breakMark} style={{ minWidth: 0 }}>
        <UnstyledButton
          onClick={() => view.attemptId && onAction(thumb ? 'camera' : 'timeline', view.key)}
          aria-label={label}
          title={label}
          disabled={!view.attemptId}
          style={{
            width: '100%',
            height: '100%',
            padding: small ? '2px 4px' : '4px 6px',
            borderRadius: 4,
            background: STATUS_COLOR[view.status],
            boxShadow: asksForBreak
              ? 'inset 0 0 0 3px var(--mantine-color-yellow-filled)'
              : attention
                ? 'inset 0 0 0 2px var(--mantine-color-red-filled)'
                : 'inset 0 0 0 1px var(--mantine-color-default-border)',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
            overflow: 'hidden',
          }}
        >
          {thumb && (
            <img
              src={thumb}
              alt={t('camera.label', { name: view.name })}
              data-testid="hall-thumb"
              style={{ width: '100%', flex: '1 1 auto', minHeight: 0, objectFit: 'cover', borderRadius: 2 }}
            />
          )}
          <Text fz={small ? 10 : 'xs'} fw={600} lh={1.2} truncate="end">
            {view.inSeb && <IconLock size={small ? 9 : 11} aria-hidden data-testid="tile-seb" style={{ marginRight: 2, verticalAlign: 'baseline' }} />}
            {view.name}
          </Text>
          {/* The spaces between the flex items show nothing, but keep the words apart in the text a
              speech-input user's tool reads, so it matches the start of the label. */}{' '}
          <Box style={{ display: 'flex', alignItems: 'center', gap: 3, fontSize: small ? 10 : 12, lineHeight: 1.2, whiteSpace: 'nowrap' }}>
            <span aria-hidden style={{ width: 7, height: 7, borderRadius: 7, background: SAVE_COLOR[view.saveHealth], flexShrink: 0 }} />
            <span>{view.progressShort}</span>{' '}
            <span style={{ marginLeft: 'auto' }}>{view.timeLeftShort}</span>
          </Box>
          {view.breakMark !== 'none' && (
            <>
              {' '}
              <Box style={{ display: 'flex', alignItems: 'center', gap: 3, fontSize: small ? 10 : 12, lineHeight: 1.2, whiteSpace: 'nowrap', fontWeight: asksForBreak ? 700 : undefined }} data-testid="tile-break">
                <IconCoffee size={small ? 10 : 12} aria-hidden style={{ flexShrink: 0 }} />
                {asksForBreak ? t('row.break.asks') : view.breakEndsAt !== null && <BreakCountdown endsAt={view.breakEndsAt} offset={clockOffset} short />}
              </Box>
            </>
          )}
        </UnstyledButton>
      </li>
    );
  },
  (a, b) => a.small === b.small && a.clockOffset === b.clockOffset && a.onAction === b.onAction && a.thumb === b.thumb && sameView(a.view, b.view),
);

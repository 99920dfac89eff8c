import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/useNow';

/** '4:12', '1:02:05': a break's time left, to the second. */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * 'On break · 4:12 left', ticking on its own: only this text re-renders each second, not the
 * memoised row around it (the board's rows change by the minute). `endsAt` is by the server clock,
 * `offset` the server's clock minus ours. Not a live region: a reader hears it when they reach it,
 * not every second.
 */
export function BreakCountdown({ endsAt, offset, short = false }: { endsAt: number; offset: number; short?: boolean }) {
  const { t } = useTranslation('proctor');
  const now = useNow(1000);
  const left = clockText(endsAt - (now + offset));
  return <span data-testid="break-countdown">{short ? left : t('row.break.onBreak', { left })}</span>;
}

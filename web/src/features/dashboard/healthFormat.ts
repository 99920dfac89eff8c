import { currentLanguage, i18n } from '../../i18n';

/** Uptime as days, hours, minutes: '1d 1h 1m', '1 T. 1 Std. 1 Min.'. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return i18n.t('dashboard:health.uptimeValue', { days: d, hours: h, minutes: m });
}

/** Bytes as MB with 2 decimals: '52.54', '52,54' in German. */
export function formatMemoryMb(bytes: number): string {
  return new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(bytes / 1024 / 1024);
}

/** A plain count of seconds or milliseconds in the reader's language ('1.5 s', '1,5 s'). */
export function formatFixed(value: number, digits: number): string {
  return new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}

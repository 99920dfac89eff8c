/**
 * Wall-clock times (what `<input type="datetime-local">` gives: '2026-11-24T22:49', no offset)
 * read in an IANA time zone, with Intl only, so the server and the web agree without a date
 * library.
 */

/**
 * The settings name zones by abbreviation (UTC, EST, PST, GMT). A school
 * that says EST or PST means the region's clock, daylight saving included, so those two are read
 * as the region's zone rather than as Intl's fixed-offset zones of the same name.
 */
const ZONE_ALIASES: Record<string, string> = {
  UTC: 'UTC',
  GMT: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
};

/** The zone's IANA name: the settings' abbreviations mapped, anything else as given (trimmed). */
export function normaliseTimeZone(zone: string): string {
  const trimmed = zone.trim();
  return ZONE_ALIASES[trimmed.toUpperCase()] ?? trimmed;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;

export function isWallTime(value: unknown): value is string {
  return typeof value === 'string' && WALL_TIME.test(value.trim());
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's wall clock at `t`, as if that wall clock were UTC (milliseconds). */
function wallAsUtc(t: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(t))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const offsetAt = (t: number, zone: string) => wallAsUtc(Math.floor(t / 1000) * 1000, zone) - Math.floor(t / 1000) * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * '2026-11-24T22:49' read in `zone` → the ISO instant, or undefined when the wall time is not a
 * real date or the zone is unknown. Around daylight-saving changes it behaves like Temporal's
 * 'compatible': a repeated hour (autumn) means its first occurrence, a skipped hour (spring) is
 * moved forward by the gap.
 */
export function wallTimeInZone(wall: string, zone: string): string | undefined {
  const m = WALL_TIME.exec(wall.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  try {
    formatterFor(zone);
  } catch {
    return undefined;
  }
  const before = offsetAt(asUtc - DAY_MS, zone);
  const after = offsetAt(asUtc + DAY_MS, zone);
  const matches = [...new Set([before, after])].map((o) => asUtc - o).filter((t) => wallAsUtc(t, zone) === asUtc);
  // No candidate shows this wall time: it falls in a spring-forward gap, read with the offset before it.
  const instant = matches.length ? Math.min(...matches) : asUtc - before;
  return new Date(instant + (Number(/\.(\d{1,3})/.exec(wall)?.[1]?.padEnd(3, '0') ?? 0))).toISOString();
}

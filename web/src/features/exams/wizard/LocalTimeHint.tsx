import { ianaZoneOf } from '@exam/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDatePrefs } from '../../../lib/dateFormat';
import { formatDateTimeWithZone } from '../../../lib/format';
import { isoToWallTime, wallTimeToIso } from '../../../lib/zonedTime';

/** An instant the wall time converted to; anything else (empty, half-typed) is no time yet. */
const instantOf = (wall: string, zone: string): string | undefined => {
  const iso = wallTimeToIso(wall, zone);
  return iso.endsWith('Z') ? iso : undefined;
};

/**
 * Under the schedule: the start and end on the viewer's own clock (their settings' zone), so a
 * teacher scheduling in the school's zone sees what that means for them. Nothing when both clocks
 * read the same.
 */
export function LocalTimeHint({ startLocal, endLocal, zone }: { startLocal: string; endLocal: string; zone: string }) {
  const { t } = useTranslation('exams');
  const own = ianaZoneOf(useDatePrefs().timezone);
  const start = instantOf(startLocal, zone);
  if (!start) return null;
  const end = instantOf(endLocal, zone);
  const sameClock = isoToWallTime(start, own) === startLocal.trim().slice(0, 16) && (!end || isoToWallTime(end, own) === endLocal.trim().slice(0, 16));
  if (sameClock) return null;
  return (
    <Text size="sm" c="dimmed" mt="xs" data-testid="local-time-hint">
      {end
        ? t('wizard.localTimeRange', { start: formatDateTimeWithZone(start), end: formatDateTimeWithZone(end) })
        : t('wizard.localTimeStart', { start: formatDateTimeWithZone(start) })}
    </Text>
  );
}

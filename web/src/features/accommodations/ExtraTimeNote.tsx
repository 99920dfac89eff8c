import type { AccommodationView } from '@exam/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { multiplierText } from './summary';

/** The student is told their extra time, so a longer countdown than their classmates' is no surprise. */
export function ExtraTimeNote({ accommodation }: { accommodation: AccommodationView | null }) {
  const { t } = useTranslation('accommodations');
  if (!accommodation || accommodation.timeMultiplier === 1) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="extra-time-note">
      {t('taking.extraTime', { multiplier: multiplierText(accommodation.timeMultiplier) })}
    </Text>
  );
}

import type { AccommodationView } from '@exam/shared';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accommodationParts, badgeLabel, badgeText } from './summary';

/**
 * 'Accommodations' (or '1.5× time'), with what applies in its tooltip and in its accessible name:
 * a proctor or teacher reading the badge by ear hears the same list as one hovering it. Without
 * the details (the students list only knows that there is one), the badge says just that.
 */
export function AccommodationBadge({ accommodation, size = 'sm' }: { accommodation?: AccommodationView | null; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('accommodations');
  const text = badgeText(accommodation);
  const badge = (
    <Badge
      size={size}
      variant="outline"
      color="violet"
      style={{ textTransform: 'none' }}
      data-testid="accommodation-badge"
      tabIndex={accommodation ? 0 : undefined}
      aria-label={accommodation ? badgeLabel(accommodation) : undefined}
    >
      {text}
    </Badge>
  );
  if (!accommodation) return badge;
  return (
    <Tooltip label={accommodationParts(accommodation).join(', ') || t('summary.nothing')} multiline w={260} withinPortal>
      {badge}
    </Tooltip>
  );
}

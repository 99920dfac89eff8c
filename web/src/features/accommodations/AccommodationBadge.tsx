import type { AccommodationView } from '@exam/shared';
import { Badge, Tooltip } from '@mantine/core';
import { accommodationDetails, badgeLabel, badgeText } from './summary';

/**
 * 'Accommodations' (or '1.5× time'), with what applies in its tooltip and in its accessible name:
 * a proctor reading the badge by ear hears the same list as one hovering it. Without details (the
 * students list only knows that there is one) the badge says just that. Takes texts, not the
 * record, so a memoised board row compares strings.
 */
export function AccommodationTag({ text, details, size = 'sm' }: { text: string; details?: string; size?: 'xs' | 'sm' }) {
  const badge = (
    <Badge
      size={size}
      variant="outline"
      color="violet"
      style={{ textTransform: 'none' }}
      data-testid="accommodation-badge"
      tabIndex={details ? 0 : undefined}
      aria-label={details ? badgeLabel(details) : undefined}
    >
      {text}
    </Badge>
  );
  if (!details) return badge;
  return (
    <Tooltip label={details} multiline w={260}>
      {badge}
    </Tooltip>
  );
}

export function AccommodationBadge({ accommodation, size }: { accommodation?: AccommodationView | null; size?: 'xs' | 'sm' }) {
  return <AccommodationTag text={badgeText(accommodation)} details={accommodation ? accommodationDetails(accommodation) : undefined} size={size} />;
}

import type { DisplayStatus } from '@exam/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DISPLAY_STATUS_COLOR, displayStatusText } from '../lib/resultLabels';

/** A submission's display status as words on a coloured badge. */
export function StatusBadge({ status }: { status: DisplayStatus }) {
  useTranslation('results');
  return (
    <Badge color={DISPLAY_STATUS_COLOR[status]} variant="light" data-testid="submission-status">
      {displayStatusText(status)}
    </Badge>
  );
}

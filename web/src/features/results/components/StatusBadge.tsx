import { Badge } from '@mantine/core';
import { DISPLAY_STATUS_COLOR } from '../labels';
import type { DisplayStatus } from '../types';

/** A submission's display status (spec core §4) as words on a coloured badge. */
export function StatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <Badge color={DISPLAY_STATUS_COLOR[status]} variant="light" data-testid="submission-status">
      {status}
    </Badge>
  );
}

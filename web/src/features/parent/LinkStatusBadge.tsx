import { msg } from '../../i18n/messages';
import { type LinkStatus } from '@exam/shared';
import { Badge } from '@mantine/core';

/** The link's state in words (never colour alone). */
export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  if (status === 'accepted') return <Badge color="green" variant="light">Linked</Badge>;
  if (status === 'declined') return <Badge color="red" variant="light">Declined</Badge>;
  return <Badge color="yellow" variant="light">{msg('parent.awaitingConfirmation')}</Badge>;
}
